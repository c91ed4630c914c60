import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A listening TCP socket on 127.0.0.1 at an ephemeral port: what the tests' and benchmarks' small HTTP
/// servers accept connections on.
public enum LoopbackListener {
    /// Opens the socket; returns its descriptor and port.
    /// - Throws: `POSIXError(.EADDRNOTAVAIL)` when it cannot bind or listen.
    public static func open(backlog: Int32 = 64) throws -> (descriptor: Int32, port: UInt16) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && listen(descriptor, backlog) == 0
                    && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard bound else {
            close(descriptor)
            throw POSIXError(.EADDRNOTAVAIL)
        }
        return (descriptor, UInt16(bigEndian: address.sin_port))
    }

    /// Writes all of `bytes` to a connected socket; `false` when the peer went away first.
    @discardableResult
    public static func send(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count <= 0 { return false }
            sent += count
        }
        return true
    }

    /// Where an HTTP header section ends in `bytes` (the index of its `\r\n\r\n`), if it has ended.
    public static func headerEnd(in bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4)
        where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index
        }
        return nil
    }
}
