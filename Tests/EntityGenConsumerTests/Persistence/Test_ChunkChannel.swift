import EntityGenImport
import EntityGenPersistence
import EntityGenRuntime
import Foundation
import Testing

/// A large page's chunks, mapped by the mapping thread and by the writer whenever the chunk the writer
/// needs next is not mapped yet: the writer still gets them in feed order, each once, and a failure
/// as the page mapped in one go would throw it. The mapping thread is slowed (each of its chunks takes
/// 40 ms more) so that the writer maps ahead of it, as it does on a host where mapping is the slower side.
@Suite struct Test_ChunkChannel {
    /// Knows the mapping thread (the one that called ``enterMappingThread()``) and counts what each
    /// side mapped.
    final class Tally: @unchecked Sendable {
        private let lock = NSLock()
        private var counts = [false: 0, true: 0]
        private var mappingThread: pthread_t?
        /// Marks the calling thread as the mapping thread.
        func enterMappingThread() { lock.withLock { mappingThread = pthread_self() } }
        /// Counts a chunk mapped by the calling thread; returns whether it is the mapping thread.
        func add() -> Bool {
            lock.withLock {
                let byMappingThread = mappingThread.map { pthread_equal($0, pthread_self()) != 0 } ?? false
                counts[byMappingThread, default: 0] += 1
                return byMappingThread
            }
        }
        var byMappingThread: Int { lock.withLock { counts[true]! } }
        var byWriter: Int { lock.withLock { counts[false]! } }
    }

    /// Drains a channel over `bytes` as the importer's writer does, with a slow mapping thread; returns
    /// each chunk's operations and the tally, or what `take()` threw.
    static func drain<Entity: ImportableEntity>(
        _ bytes: [UInt8], feed: Feed<Entity>, items: (JSONValue) -> JSONValue, size: Int = 2_048
    ) throws -> (chunks: [[PreparedPage<Entity, RowKey>.Operation]], tally: Tally, error: ImportError?) {
        let document = try JSONDocument(bytes: bytes)
        let tally = Tally()
        let started = DispatchSemaphore(value: 0)
        return document.withRoot { root in
            let plan = PageChunking.chunks(of: items(root), size: size)
            let channel = ChunkChannel<Entity>(plan: plan) { chunk throws(ImportError) in
                if tally.add() {
                    started.signal()
                    Thread.sleep(forTimeInterval: 0.04)
                }
                return try feed.prepare(chunk, page: "page", key: Entity.SQLite.deleteKeyReader)
            }
            Thread {
                tally.enterMappingThread()
                withExtendedLifetime(document) { channel.mapChunks() }
            }.start()
            // The mapping thread holds the first chunk (or, after 10 s, the writer maps them all).
            _ = started.wait(timeout: .now() + 10)
            defer { channel.abandon() }
            var chunks: [[PreparedPage<Entity, RowKey>.Operation]] = []
            do throws(ImportError) {
                while let chunk = try channel.take() {
                    chunks.append(chunk.operations)
                    channel.retire(chunk)
                }
                return (chunks, tally, nil)
            } catch {
                return (chunks, tally, error)
            }
        }
    }

    @Test func theWriterMapsAheadAndTakesEveryChunkOnceInFeedOrder() throws {
        let count = 20_000
        let (chunks, tally, error) = try Self.drain(
            Test_PipelinedPages.avatars(count), feed: EntityGenDatabase.avatarList, items: { $0 })
        #expect(error.map { "\($0)" } == nil)
        let ids = chunks.joined().map { operation -> Int64 in
            guard case let .save(avatar, _) = operation else { return -1 }
            return avatar.remoteId
        }
        // The first record out of place, if any (the whole list would print 20,000 numbers).
        let misplaced = ids.enumerated().first { $0.offset != Int($0.element) }
        #expect(
            misplaced == nil && ids.count == count,
            "record \(ids.count) of \(count), first misplaced: \(misplaced.map { "\($0)" } ?? "none")")
        #expect(chunks.map(\.count) == [256, 512, 1_024] + Array(repeating: 2_048, count: 8) + [1_824])
        #expect(tally.byMappingThread >= 1)
        #expect(tally.byWriter >= 1, "the writer never mapped a chunk while the mapping thread was slow")
        #expect(tally.byMappingThread + tally.byWriter <= chunks.count)
    }

    /// Malformed actions in the first chunk (mapped by the slow mapping thread) and in the second (mapped
    /// first, by the writer): the first in feed order is thrown, after no chunk, as the page mapped in
    /// one go throws it.
    @Test func theFirstFailureInFeedOrderIsThrownWhicheverThreadFoundItFirst() throws {
        var actions = (0..<4_000).map {
            #"{"type": "add", "payload": {"serverId": "\#($0)", "serverType": "TextWidget", "title": "t"}}"#
        }
        actions[100] = #"{"payload": {}}"#
        actions[300] = #"{"type": "add"}"#
        let bytes = Array("{\"actions\": [\(actions.joined(separator: ","))]}".utf8)
        let feed = EntityGenDatabase.widgetDiff
        let (chunks, tally, error) = try Self.drain(bytes, feed: feed, items: { $0["actions"]! })
        #expect(chunks.isEmpty)
        #expect(tally.byWriter >= 1)
        let sequential = #expect(throws: ImportError.self) { try feed.prepare(bytes, page: "page") as PreparedPage }
        #expect("\(try #require(error))" == "\(try #require(sequential))")
        #expect("\(try #require(error))".contains("$.actions[100].type"))
    }

    /// Chunks begun against chunks handed to the writer, the most seen when a chunk is begun.
    final class Lead: @unchecked Sendable {
        private let lock = NSLock()
        private var begun = 0
        private var handed = 0
        private var most = 0
        /// A chunk's mapping begins.
        func begin() {
            lock.withLock {
                begun += 1; most = max(most, begun - handed)
            }
        }
        /// The writer got a chunk.
        func hand() { lock.withLock { handed += 1 } }
        /// The most chunks begun and not yet handed to the writer at any time.
        var mostAhead: Int { lock.withLock { most } }
    }

    /// A slow writer (20 ms a chunk, as on a slow disk) holds the mapping thread back: it never runs
    /// more than ``ChunkChannel/ahead`` chunks ahead of the writer (plus the one the writer just took),
    /// so a page's memory stays bounded however large it is and however slow the writes.
    @Test func aSlowWriterHoldsTheMappingThreadBack() throws {
        let count = 40_000
        let document = try JSONDocument(bytes: Test_PipelinedPages.avatars(count))
        let feed = EntityGenDatabase.avatarList
        let lead = Lead()
        try document.withRoot { root in
            let plan = PageChunking.chunks(of: root, size: 1_024)
            let channel = ChunkChannel<Avatar>(plan: plan) { chunk throws(ImportError) in
                lead.begin()
                return try feed.prepare(chunk, page: "page", key: Avatar.SQLite.deleteKeyReader)
            }
            Thread { withExtendedLifetime(document) { channel.mapChunks() } }.start()
            defer { channel.abandon() }
            var written = 0
            while let chunk = try channel.take() {
                lead.hand()
                Thread.sleep(forTimeInterval: 0.02)
                written += chunk.operations.count
                channel.retire(chunk)
            }
            #expect(written == count)
            #expect(plan.count > 3 * ChunkChannel<Avatar>.ahead)
            #expect(lead.mostAhead <= ChunkChannel<Avatar>.ahead + 1)
            #expect(lead.mostAhead >= ChunkChannel<Avatar>.ahead, "the mapping thread never ran ahead")
        }
    }

    /// The writer giving up (as when the database refuses a row) stops the mapping: the mapping thread
    /// takes no chunk after it and ends.
    @Test func abandoningStopsTheMappingThread() throws {
        let document = try JSONDocument(bytes: Test_PipelinedPages.avatars(40_000))
        let feed = EntityGenDatabase.avatarList
        let tally = Tally()
        let ended = DispatchSemaphore(value: 0)
        try document.withRoot { root in
            let plan = PageChunking.chunks(of: root, size: 2_048)
            let channel = ChunkChannel<Avatar>(plan: plan) { chunk throws(ImportError) in
                _ = tally.add()
                return try feed.prepare(chunk, page: "page", key: Avatar.SQLite.deleteKeyReader)
            }
            Thread {
                tally.enterMappingThread()
                withExtendedLifetime(document) { channel.mapChunks() }
                ended.signal()
            }.start()
            _ = try #require(try channel.take())
            channel.abandon()
            #expect(ended.wait(timeout: .now() + 10) == .success)
            #expect(tally.byMappingThread + tally.byWriter <= 1 + ChunkChannel<Avatar>.ahead)
            #expect(plan.count > 1 + ChunkChannel<Avatar>.ahead)
        }
    }
}
