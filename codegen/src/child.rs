//! Child processes (the linker) run with bounds: a linker that loops on an
//! error (gold writing to `/dev/full` repeats its message forever) must not
//! fill wrapc's memory with its output or keep wrapc waiting.

use std::io::Read as _;
use std::os::unix::process::CommandExt as _;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// What a child that ran to its end left.
pub(crate) struct Finished {
    pub status: ExitStatus,
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
}

/// Why a child did not run to its end.
#[derive(Debug)]
pub(crate) enum Stopped {
    /// It could not be started (or waited for).
    Spawn(std::io::Error),
    /// It wrote more than the limit to a stream (named): stopped; the
    /// bytes are the first it wrote there.
    Flooded(&'static str, Vec<u8>),
    /// It ran past the time limit: stopped.
    TimedOut,
}

const STREAMS: [&str; 2] = ["standard output", "standard error"];

/// How long the streams are read after the child exits.
const DRAIN_TIME: Duration = Duration::from_secs(2);

/// Runs `command` with no standard input, keeping at most `limit` bytes of
/// each of its output streams. The child, and every process it starts (it
/// leads a process group of its own), is killed as soon as it writes more
/// than that to either stream or runs longer than `timeout`.
pub(crate) fn run_bounded(command: &mut Command, limit: usize, timeout: Duration) -> Result<Finished, Stopped> {
    let mut child = command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .spawn()
        .map_err(Stopped::Spawn)?;
    let deadline = Instant::now() + timeout;
    let (sender, receiver) = mpsc::channel();
    let streams: [Option<Box<dyn std::io::Read + Send>>; 2] = [
        child.stdout.take().map(|s| Box::new(s) as Box<dyn std::io::Read + Send>),
        child.stderr.take().map(|s| Box::new(s) as Box<dyn std::io::Read + Send>),
    ];
    let mut open = 0;
    for (index, stream) in streams.into_iter().enumerate() {
        let Some(stream) = stream else { continue };
        open += 1;
        let sender = sender.clone();
        std::thread::spawn(move || {
            // One byte past the limit tells a flood from output that fits;
            // returning closes the pipe, and a flooding child gets EPIPE.
            let mut bytes = Vec::new();
            let _ = stream.take(limit as u64 + 1).read_to_end(&mut bytes);
            let _ = sender.send((index, bytes));
        });
    }
    drop(sender);
    let mut captured: [Vec<u8>; 2] = [Vec::new(), Vec::new()];
    let mut status = None;
    // Until the child has exited and both streams are read to their end (a
    // stream ends once every process holding it has exited), or the time is
    // up.
    let mut deadline = deadline;
    while status.is_none() || open > 0 {
        let now = Instant::now();
        if now >= deadline {
            if status.is_none() {
                stop(&mut child);
                return Err(Stopped::TimedOut);
            }
            // The child exited, but something it started still holds a
            // stream: leave that reader behind with what it has.
            break;
        }
        match receiver.recv_timeout((deadline - now).min(Duration::from_millis(5))) {
            Ok((index, mut bytes)) => {
                open -= 1;
                if bytes.len() > limit {
                    if status.is_none() {
                        stop(&mut child);
                    }
                    bytes.truncate(limit);
                    return Err(Stopped::Flooded(STREAMS[index], bytes));
                }
                captured[index] = bytes;
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {}
            Err(mpsc::RecvTimeoutError::Disconnected) => open = 0,
        }
        if status.is_none() {
            status = child.try_wait().map_err(Stopped::Spawn)?;
            if status.is_some() {
                // What the child started and left running gets a moment to
                // finish writing, not the whole time limit.
                deadline = deadline.min(Instant::now() + DRAIN_TIME);
            }
        }
    }
    let [stdout, stderr] = captured;
    Ok(Finished { status: status.expect("the loop ends after the child exits"), stdout, stderr })
}

/// Kills the child's process group (the child and what it started), then
/// reaps the child. The child is not reaped yet, so its group id is still
/// its own.
fn stop(child: &mut Child) {
    if let Ok(pid) = libc::pid_t::try_from(child.id()) {
        // SAFETY: kill(2) with a negative pid signals that process group.
        unsafe { libc::kill(-pid, libc::SIGKILL) };
    }
    let _ = child.kill();
    let _ = child.wait();
}

/// The first lines of a stopped child's output, for an error message.
pub(crate) fn excerpt(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(&bytes[..bytes.len().min(2048)]);
    text.lines().take(10).collect::<Vec<_>>().join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sh(script: &str) -> Command {
        let mut command = Command::new("sh");
        command.args(["-c", script]);
        command
    }

    #[test]
    fn output_that_fits_is_kept() {
        let done = run_bounded(&mut sh("echo out; echo err >&2; exit 3"), 1 << 20, Duration::from_secs(60)).unwrap();
        assert_eq!(done.status.code(), Some(3));
        assert_eq!(done.stdout, b"out\n");
        assert_eq!(done.stderr, b"err\n");
    }

    #[test]
    fn an_endless_stream_is_stopped_at_the_limit() {
        let begin = Instant::now();
        // `yes` runs in a child of sh: the whole group is stopped.
        match run_bounded(&mut sh("yes flood >&2; sleep 100"), 4096, Duration::from_secs(60)) {
            Err(Stopped::Flooded(stream, bytes)) => {
                assert_eq!(stream, "standard error");
                assert_eq!(bytes.len(), 4096);
                assert!(excerpt(&bytes).starts_with("flood\nflood"));
            }
            other => panic!("expected a flood, got {:?}", other.map(|f| f.status)),
        }
        assert!(begin.elapsed() < Duration::from_secs(30));
    }

    #[test]
    fn a_child_past_its_time_is_stopped() {
        let begin = Instant::now();
        let result = run_bounded(&mut sh("sleep 100 & sleep 100"), 4096, Duration::from_millis(200));
        assert!(matches!(result, Err(Stopped::TimedOut)));
        assert!(begin.elapsed() < Duration::from_secs(30));
    }

    #[test]
    fn a_missing_program_is_a_spawn_error() {
        let result = run_bounded(&mut Command::new("/nonexistent/cc"), 4096, Duration::from_secs(1));
        assert!(matches!(result, Err(Stopped::Spawn(_))));
    }
}
