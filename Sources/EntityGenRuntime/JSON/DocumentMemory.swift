#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a document's input copy and tape live: one allocator for both, so that a large document's
/// memory can be asked of the kernel in huge pages.
///
/// A fresh buffer above `malloc`'s mapping threshold is mapped from the kernel and costs a page fault
/// (and the zeroing of a page) per 4 KiB the parser touches. For a 52 MB page of pods, huge pages took
/// about 29,000 faults off each parse (60-97 ms against 84-125 ms on a 2-core Intel Xeon host): time an
/// import spends before its first item can be mapped, with the writer waiting.
/// On Linux, buffers of ``hugePageThreshold`` bytes or more are aligned to 2 MiB and marked
/// `MADV_HUGEPAGE`, so that where transparent huge pages are enabled (`always` or `madvise`) the kernel
/// backs them with 2 MiB pages: one fault per 2 MiB. Elsewhere, and below the threshold, this is
/// `malloc`. Memory from ``allocate(byteCount:)`` is released with ``free(_:)``, never with Swift's
/// `deallocate()`.
enum DocumentMemory {
    /// The smallest buffer asked for in huge pages. Smaller documents' buffers are reused
    /// (``RecycledMemory`` keeps those of up to 4 MB, already mapped) or small, and rounding them up to
    /// 2 MiB would waste memory.
    static let hugePageThreshold = 4 << 20
    /// The size of a transparent huge page on x86-64 and arm64 Linux with 4 KiB base pages.
    static let hugePageSize = 2 << 20

    /// At least `byteCount` bytes, 16-byte aligned as `malloc`'s are (the reader's wide loads depend on
    /// it); traps when the system has no memory, as Swift's own allocation does.
    static func allocate(byteCount: Int) -> UnsafeMutableRawPointer {
        let size = max(byteCount, 1)
        #if os(Linux)
            if size >= hugePageThreshold {
                var memory: UnsafeMutableRawPointer? = nil
                let rounded = (size + hugePageSize - 1) / hugePageSize * hugePageSize
                if posix_memalign(&memory, hugePageSize, rounded) == 0, let memory {
                    // Advice only: without transparent huge pages the memory is as `malloc`'s.
                    _ = madvise(memory, rounded, MADV_HUGEPAGE)
                    return memory
                }
            }
        #endif
        guard let memory = malloc(size) else {
            fatalError("out of memory: \(size) bytes for a JSON document")
        }
        return memory
    }

    /// Releases memory from ``allocate(byteCount:)``.
    static func free(_ memory: UnsafeMutableRawPointer) {
        #if canImport(Glibc)
            Glibc.free(memory)
        #elseif canImport(Musl)
            Musl.free(memory)
        #elseif canImport(Darwin)
            Darwin.free(memory)
        #endif
    }
}
