//! What a test does when a tool it needs (python3, python-chess, jq, `script`) is missing.
//!
//! On a developer's machine it says so and passes. Under `CI=true` it fails: `.ci/run`
//! installs every tool the suite needs, so a green CI run means every test really ran.

/// Ends a test that cannot run: a failure under `CI=true`, a message otherwise.
pub fn cannot_run(reason: &str) {
    let in_ci = std::env::var("CI").is_ok_and(|v| v.eq_ignore_ascii_case("true"));
    assert!(!in_ci, "CI=true and this test cannot run: {reason}");
    eprintln!("skipped: {reason}");
}
