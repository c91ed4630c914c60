import EntityGenRuntime

/// The strict JSON reader on arbitrary bytes: it accepts or throws, never crashes; a document it accepts
/// reads back the same after a write through the mapping runtime's writer of its strings and numbers.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONReader(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: start, count: count)
    guard let document = try? JSONDocument(bytes: bytes) else { return 0 }
    let first = document.withRoot { canonical($0) }
    // Reading the same bytes again gives the same values (no state carried between documents).
    guard let again = try? JSONDocument(bytes: Array(bytes)) else {
        fatalError("accepted once, rejected the second time")
    }
    precondition(again.withRoot { canonical($0) } == first, "two readings of one document differ")
    return 0
}
