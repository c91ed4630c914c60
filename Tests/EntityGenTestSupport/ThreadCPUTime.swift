#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// CPU time the calling thread spends in a block, for complexity guards (4n costs about 4x n): unlike
/// wall time it does not count the time other processes take the core (a CI machine compiling beside
/// the tests once turned a linear 4x into 8.5x).
public enum ThreadCPUTime {
    /// Seconds of this thread's CPU time `body` took.
    public static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = now()
        try body()
        return now() - start
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
