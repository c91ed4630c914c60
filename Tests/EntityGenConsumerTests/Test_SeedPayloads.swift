import EntityGenRuntime
import Foundation
import Testing

/// The generated code of `Schemas/` (built by the plugin) against each seed system's payloads.
@Suite struct Test_SeedPayloads {
    // MARK: Seed 000: widgets diff feed

    @Test func widgetPayloadsDispatchOnServerType() throws {
        let bytes = try Fixtures.bytes("widgets-diff.json")
        let document = try JSONDocument(bytes: bytes)
        let widgets = try document.withRoot { root throws(MappingError) -> [Widget] in
            var context = MappingContext()
            var result: [Widget] = []
            var failure: MappingError?
            root["actions"]?.forEachElement { _, action in
                guard failure == nil, let payload = action["payload"] else { return }
                do throws(MappingError) { result.append(try Widget.map(from: payload, context: &context)) } catch {
                    failure = error
                }
            }
            if let failure { throw failure }
            #expect(context.issues.isEmpty)
            return result
        }
        #expect(widgets.count == 2)
        guard case let .textWidget(text) = widgets[0], case let .imageWidget(image) = widgets[1] else {
            Issue.record("wrong kinds: \(widgets)")
            return
        }
        #expect(text == TextWidget(serverId: "0", title: "My test title"))
        #expect(image.url == URL(string: "http://goo.gl/IFSk4C"))
        #expect(image.caption == "it works!")
        #expect(image.textWidget == EntityReference<TextWidget>("0"))  // relationship by foreign id
        #expect(widgets.map(\.id) == ["0", "2"])  // the family enum is Identifiable by serverId
        for widget in widgets { #expect(try widget.roundTripped() == widget) }
        #expect(
            String(decoding: text.jsonBytes(), as: UTF8.self)
                == #"{"serverType":"TextWidget","serverId":"0","title":"My test title"}"#)
    }

    @Test func unknownServerTypeIsAnErrorNamingItsPath() throws {
        let bytes = Array(#"{"serverId": "9", "serverType": "VideoWidget"}"#.utf8)
        #expect {
            _ = try Widget.map(json: bytes)
        } throws: { error in
            guard case let .mapping(mapping) = error as? MappingFailure else { return false }
            return mapping.path == "$.serverType" && mapping.message.contains("VideoWidget")
                && mapping.schemaLocation.contains("Schemas/Widgets.yaml:")
        }
    }

    // MARK: Seed 001: ESModel

    @Test func esModelValueMapNestedModelAndArrayOfModels() throws {
        let model = try MyModel.map(json: Fixtures.bytes("esmodel.json")).value
        #expect(model.modelProperty1 == "foo")
        #expect(model.modelProperty2 == "bar")
        #expect(model.model2?.key3 == "bat")
        #expect(model.model2s.map(\.key3) == ["something", "else"])
        #expect(try model.roundTripped() == model)
    }

    @Test func esModelSkipsNullsAndReadsTheDatePattern() throws {
        let json =
            #"{"key_1": "x", "key_2": null, "model_2": {"key_3": "y", "created_at": "Fri Mar 07 07:00:00 +0000 2014", "homepage": null}}"#
        let model = try MyModel.map(json: Array(json.utf8)).value
        #expect(model.modelProperty2 == nil)
        #expect(model.model2?.createdAt == Date(timeIntervalSince1970: 1_394_175_600))
        #expect(model.model2s.isEmpty)
        #expect(try model.roundTripped() == model)
    }

    // MARK: Seed 002: Remind

    @Test func remindAvatarsAndGroupsWithEmbeddedAvatar() throws {
        let avatars = try Avatar.mapArray(json: Fixtures.bytes("remind-avatars.json")).value
        #expect(
            avatars == [
                Avatar(remoteId: 123, fileUrlString: "some_url.png"),
                Avatar(remoteId: 124, fileUrlString: "some_other_url.png"),
            ])
        #expect(avatars.map(\.id) == [123, 124])
        let groups = try Group.mapArray(json: Fixtures.bytes("remind-groups.json")).value
        #expect(groups[0].avatar == avatars[0])
        #expect(groups[0].className == "BIO-101")
        #expect(groups[1].avatar == nil)
        for group in groups { #expect(try group.roundTripped() == group) }
        #expect(Avatar.Attributes.fileUrlString == "fileUrlString")
        #expect(Group.Relationships.avatar == "avatar")
    }

    // MARK: Seed 003: Hydrant

    @Test func hydrantDropsBadFriendsAndReportsThem() throws {
        let mapped = try Person.map(json: Fixtures.bytes("hydrant-person.json"))
        let person = mapped.value
        #expect(person.identifier == 42)
        #expect(person.height == 5.9)  // number from a string
        #expect(person.friends.map(\.name) == ["Jane", "Alice"])  // "two" is not an id; no name: dropped
        #expect(person.friends.last?.height == nil)  // "tall": dropped value, friend kept
        let report = mapped.issues.map { "\($0.path) \($0.action.rawValue)" }
        #expect(
            report == [
                "$.friends[1].id skippedElement", "$.friends[2].name skippedElement",
                "$.friends[3].height droppedValue",
            ])
        #expect(mapped.issues.allSatisfy { $0.schemaLocation.contains("Schemas/Hydrant.yaml:") })
    }

    @Test func hydrantMessageEnvelopeIsAnError() throws {
        #expect {
            _ = try Person.map(json: Fixtures.bytes("hydrant-not-found.json"))
        } throws: { error in
            guard case let .mapping(mapping) = error as? MappingFailure else { return false }
            return mapping.serverMessage == "No person was found" && mapping.path == "$.message"
        }
    }

    @Test func hydrantRequiredFieldsNameTheirPathAndSchemaLine() throws {
        #expect {
            _ = try Person.map(json: Array(#"{"id": 1, "friends": []}"#.utf8))
        } throws: { error in
            guard case let .mapping(mapping) = error as? MappingFailure else { return false }
            return mapping.path == "$.name" && mapping.message == "required value is missing"
                && mapping.schemaLocation.hasSuffix("Schemas/Hydrant.yaml:17:7")
        }
    }

    // MARK: Seed 004: Pods (real podspecs)

    @Test func everyRealPodspecMapsAndRoundTrips() throws {
        let specs = try Fixtures.podspecs()
        #expect(specs.count == 114)
        var names: Set<String> = []
        for (path, bytes) in specs {
            let mapped: Mapped<Pod>
            do {
                mapped = try Pod.map(json: bytes)
            } catch {
                Issue.record("\(path): \(error)")
                continue
            }
            let pod = mapped.value
            names.insert(pod.name)
            for issue in mapped.issues {
                // The only tolerated problem in the corpus: `"ios": null` in SDWebImage's old specs.
                #expect(issue.path.hasPrefix("$.platforms.") && issue.action == .skippedElement, "\(path): \(issue)")
            }
            #expect(!pod.version.isEmpty)
            #expect(pod.licenseType != nil, "\(path) has no license type")
            #expect(try pod.roundTripped() == pod, "\(path) does not round-trip")
        }
        // The Cyrillic pod.
        #expect(names.contains { $0.unicodeScalars.contains { (0x400...0x4FF).contains($0.value) } })
    }

    @Test func licenseIsReadWhetherTextOrObject() throws {
        let text = try Pod.map(json: Array(#"{"name": "A", "version": "1.0", "license": "MIT"}"#.utf8)).value
        let object = try Pod.map(
            json: Array(#"{"name": "A", "version": "1.0", "license": {"type": "BSD", "file": "LICENSE"}}"#.utf8)
        ).value
        #expect(text.licenseType == "MIT" && text.licenseFile == nil)
        #expect(object.licenseType == "BSD" && object.licenseFile == "LICENSE")
        #expect(text.requiresArc)  // schema default
        #expect(text.platforms == [:])
    }

    @Test func aPageOfPodsMapsFromTheResultKey() throws {
        let specs = try Fixtures.podspecs().prefix(10)
        let page =
            "{\"number_of_pages\": 12, \"result\": ["
            + specs.map { String(decoding: $0.bytes, as: UTF8.self) }.joined(separator: ",") + "]}"
        let document = try JSONDocument(bytes: Array(page.utf8))
        let count = try document.withRoot { root throws(TransformFailure) -> Int in
            var context = MappingContext()
            let pods = try ArrayTransformer(EntityTransformer<Pod>()).decode(root["result"]!, context: &context)
            return pods.count
        }
        #expect(count == 10)
    }
}
