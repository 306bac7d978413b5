//! The net's two hot loops: adding or subtracting a feature's weights to an accumulator
//! half, and the output layer's SCReLU dot product. [`scalar`] always compiles; on x86-64 an
//! AVX2 path is chosen at run time when the processor has it (release builds target plain
//! x86-64, so the compiler alone vectorises with SSE2 at most and leaves the dot product,
//! which sums in `i64`, scalar). Both paths compute exactly the same integers: the adds wrap
//! like `i16::wrapping_add` and the dot product is summed without rounding or overflow.

use super::network::QA;

/// `acc[i] += w[i]`, wrapping, over the shorter of the two.
#[inline(always)]
pub fn add(acc: &mut [i16], w: &[i16]) {
    #[cfg(target_arch = "x86_64")]
    if avx2::available() {
        // SAFETY: the processor has AVX2 (checked just above).
        unsafe { avx2::add(acc, w) };
        return;
    }
    scalar::add(acc, w);
}

/// `acc[i] -= w[i]`, wrapping, over the shorter of the two.
#[inline(always)]
pub fn sub(acc: &mut [i16], w: &[i16]) {
    #[cfg(target_arch = "x86_64")]
    if avx2::available() {
        // SAFETY: the processor has AVX2 (checked just above).
        unsafe { avx2::sub(acc, w) };
        return;
    }
    scalar::sub(acc, w);
}

/// `sum(clamp(acc[i], 0, QA)^2 * w[i])` over the shorter of the two.
#[inline(always)]
pub fn screlu_dot(acc: &[i16], w: &[i16]) -> i64 {
    #[cfg(target_arch = "x86_64")]
    if avx2::available() {
        // SAFETY: the processor has AVX2 (checked just above).
        return unsafe { avx2::screlu_dot(acc, w) };
    }
    scalar::screlu_dot(acc, w)
}

/// The reference path, for every target.
pub mod scalar {
    use super::QA;

    /// `acc[i] += w[i]`, wrapping.
    #[inline(always)]
    pub fn add(acc: &mut [i16], w: &[i16]) {
        for (a, &x) in acc.iter_mut().zip(w) {
            *a = a.wrapping_add(x);
        }
    }

    /// `acc[i] -= w[i]`, wrapping.
    #[inline(always)]
    pub fn sub(acc: &mut [i16], w: &[i16]) {
        for (a, &x) in acc.iter_mut().zip(w) {
            *a = a.wrapping_sub(x);
        }
    }

    /// `sum(clamp(acc[i], 0, QA)^2 * w[i])`.
    #[inline(always)]
    pub fn screlu_dot(acc: &[i16], w: &[i16]) -> i64 {
        let mut sum = 0i64;
        for (&a, &w) in acc.iter().zip(w) {
            let c = (a as i32).clamp(0, QA);
            // c * w fits i32 (255 * 32768); the square is taken in i64.
            sum += ((c * w as i32) as i64) * c as i64;
        }
        sum
    }
}

/// The AVX2 path (x86-64 with the feature detected at run time).
#[cfg(target_arch = "x86_64")]
pub mod avx2 {
    use super::{scalar, QA};
    use std::arch::x86_64::*;

    /// Whether this processor runs the AVX2 path (`std` caches the answer).
    #[inline(always)]
    pub fn available() -> bool {
        std::arch::is_x86_feature_detected!("avx2")
    }

    /// `acc[i] += w[i]`, wrapping: sixteen lanes at a time, the rest by the scalar path.
    ///
    /// # Safety
    /// The processor must have AVX2 ([`available`]).
    #[target_feature(enable = "avx2")]
    pub unsafe fn add(acc: &mut [i16], w: &[i16]) {
        let n = lanewise(acc, w, |a, x| _mm256_add_epi16(a, x));
        scalar::add(&mut acc[n..], &w[n..]);
    }

    /// `acc[i] -= w[i]`, wrapping: sixteen lanes at a time, the rest by the scalar path.
    ///
    /// # Safety
    /// The processor must have AVX2 ([`available`]).
    #[target_feature(enable = "avx2")]
    pub unsafe fn sub(acc: &mut [i16], w: &[i16]) {
        let n = lanewise(acc, w, |a, x| _mm256_sub_epi16(a, x));
        scalar::sub(&mut acc[n..], &w[n..]);
    }

    /// `acc = op(acc, w)` sixteen `i16` lanes at a time; returns how many values it did (the
    /// rest, fewer than sixteen, are the caller's).
    #[target_feature(enable = "avx2")]
    fn lanewise(acc: &mut [i16], w: &[i16], op: impl Fn(__m256i, __m256i) -> __m256i) -> usize {
        let n = acc.len().min(w.len()) / 16 * 16;
        for i in (0..n).step_by(16) {
            // SAFETY: `i + 16 <= n`, within both slices; unaligned loads and stores.
            unsafe {
                let a = acc.as_mut_ptr().add(i) as *mut __m256i;
                let x = _mm256_loadu_si256(w.as_ptr().add(i) as *const __m256i);
                _mm256_storeu_si256(a, op(_mm256_loadu_si256(a), x));
            }
        }
        n
    }

    /// `sum(clamp(acc[i], 0, QA)^2 * w[i])`, eight lanes at a time in 32 bits, the squares
    /// summed in 64 (one product reaches 255 * 255 * 32768, two of them overflow `i32`).
    ///
    /// # Safety
    /// The processor must have AVX2 ([`available`]).
    #[target_feature(enable = "avx2")]
    pub unsafe fn screlu_dot(acc: &[i16], w: &[i16]) -> i64 {
        let n = acc.len().min(w.len()) / 8 * 8;
        let (zero, qa) = (_mm256_setzero_si256(), _mm256_set1_epi32(QA));
        let mut sum = _mm256_setzero_si256();
        for i in (0..n).step_by(8) {
            // SAFETY: `i + 8 <= n`, within both slices; unaligned 16-byte loads.
            let (a, x) = unsafe {
                (
                    _mm_loadu_si128(acc.as_ptr().add(i) as *const __m128i),
                    _mm_loadu_si128(w.as_ptr().add(i) as *const __m128i),
                )
            };
            let c = _mm256_min_epi32(_mm256_max_epi32(_mm256_cvtepi16_epi32(a), zero), qa);
            let cw = _mm256_mullo_epi32(c, _mm256_cvtepi16_epi32(x));
            // `mul_epi32` multiplies the even 32-bit lanes into 64-bit products; shifting
            // each 64-bit lane right by 32 brings the odd lanes (sign bit included) down.
            sum = _mm256_add_epi64(sum, _mm256_mul_epi32(cw, c));
            let (cw_odd, c_odd) = (_mm256_srli_epi64(cw, 32), _mm256_srli_epi64(c, 32));
            sum = _mm256_add_epi64(sum, _mm256_mul_epi32(cw_odd, c_odd));
        }
        let mut lanes = [0i64; 4];
        // SAFETY: `lanes` holds exactly 32 bytes; unaligned store.
        unsafe { _mm256_storeu_si256(lanes.as_mut_ptr() as *mut __m256i, sum) };
        lanes.iter().sum::<i64>() + scalar::screlu_dot(&acc[n..], &w[n..])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Vectors of every length up to 300 (tails included), with the extremes of `i16` (the
    /// adds wrap, the activations clip at both ends) among xorshift values.
    fn cases() -> Vec<(Vec<i16>, Vec<i16>)> {
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            match x % 8 {
                0 => i16::MIN,
                1 => i16::MAX,
                2 => (x >> 20) as i16 % 300,
                _ => (x >> 24) as i16,
            }
        };
        (0..=300)
            .map(|n| {
                let a = (0..n).map(|_| next()).collect();
                let w = (0..n).map(|_| next()).collect();
                (a, w)
            })
            .collect()
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn avx2_gives_the_scalar_results() {
        if !avx2::available() {
            // A machine without AVX2 cannot run this comparison; CI must not pass without it.
            assert!(
                std::env::var("CI").as_deref() != Ok("true"),
                "no AVX2 on this machine: the SIMD path is untested"
            );
            return;
        }
        for (a, w) in cases() {
            // SAFETY (of the calls below): AVX2 is available (checked above).
            assert_eq!(
                unsafe { avx2::screlu_dot(&a, &w) },
                scalar::screlu_dot(&a, &w)
            );
            let (mut s, mut v) = (a.clone(), a.clone());
            scalar::add(&mut s, &w);
            unsafe { avx2::add(&mut v, &w) };
            assert_eq!(s, v);
            scalar::sub(&mut s, &w);
            unsafe { avx2::sub(&mut v, &w) };
            assert_eq!(s, v);
            assert_eq!(s, a, "adding then subtracting gives the accumulator back");
        }
    }

    #[test]
    fn the_dispatched_path_gives_the_scalar_results() {
        for (a, w) in cases() {
            assert_eq!(screlu_dot(&a, &w), scalar::screlu_dot(&a, &w));
            let (mut s, mut v) = (a.clone(), a.clone());
            scalar::add(&mut s, &w);
            add(&mut v, &w);
            assert_eq!(s, v);
            scalar::sub(&mut s, &w);
            sub(&mut v, &w);
            assert_eq!(s, v);
        }
    }

    #[test]
    fn the_dot_product_clips_and_squares() {
        // clamp(-5) = 0, clamp(3) = 3, clamp(300) = 255.
        assert_eq!(
            scalar::screlu_dot(&[-5, 3, 300], &[7, -2, 1]),
            -18 + 255 * 255
        );
        let worst = scalar::screlu_dot(&[i16::MAX; 64], &[i16::MIN; 64]);
        assert_eq!(worst, 64 * 255 * 255 * -32768);
    }
}
