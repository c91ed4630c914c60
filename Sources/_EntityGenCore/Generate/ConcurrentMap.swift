import Dispatch
import Foundation

extension Array where Element: Sendable {
    /// `map` on every core, results in order. For the generator's per-file and per-entity work, which is
    /// independent by construction (Sendable values in, Sendable values out); small inputs run on one
    /// thread, where starting threads would cost more than it saves.
    func concurrentMap<Result: Sendable>(_ transform: @Sendable (Element) -> Result) -> [Result] {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        guard count >= 64, cores > 1 else { return map(transform) }
        let chunks = Swift.min(count, cores * 4)
        let chunkSize = (count + chunks - 1) / chunks
        let elements = self
        return withoutActuallyEscaping(transform) { transform in
            [Result](unsafeUninitializedCapacity: count) { buffer, initialized in
                let slots = Slots(base: buffer.baseAddress!)
                DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                    let start = chunk * chunkSize
                    let end = Swift.min(start + chunkSize, elements.count)
                    guard start < end else { return }
                    for index in start..<end {
                        slots.initialize(index, to: transform(elements[index]))
                    }
                }
                initialized = count
            }
        }
    }
}

/// The result buffer of ``Array/concurrentMap(_:)``: every slot is initialized exactly once, by the one
/// iteration that owns its index, and read only after `concurrentPerform` returns.
private struct Slots<Value>: @unchecked Sendable {
    let base: UnsafeMutablePointer<Value>

    func initialize(_ index: Int, to value: Value) {
        (base + index).initialize(to: value)
    }
}
