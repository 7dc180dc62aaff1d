import Testing
import QuillTestSupport
@testable import QuillYAML

/// QuillYAML over libyaml: the tree, its lines and columns, libyaml's own errors, and what it refuses.
@Suite struct YAMLComposerTests {
    @Test func aLibinputRecordHeaderBecomesATreeWithItsPlaces() throws {
        let text = """
            # libinput record
            version: 1
            devices:
            - node: /dev/input/event5
              evdev:
                name: "Wacom \\"Pen\\""
                id: [3, 1386, 91, 272]
                codes:
                  1: [320, 321] # BTN_TOOL_PEN
            """
        let document = try #require(try YAML.compose(text))
        #expect(document["version"]?.scalar == "1")
        #expect(document["version"]?.line == 2 && document["version"]?.column == 10)
        let device = try #require(document["devices"]?.sequence?.first)
        #expect(device.line == 4 && device.column == 3)
        #expect(device["evdev"]?["name"]?.scalar == "Wacom \"Pen\"")
        #expect(device["evdev"]?["id"]?.sequence?.compactMap(\.scalar) == ["3", "1386", "91", "272"])
        let codes = try #require(device["evdev"]?["codes"]?.mapping)
        #expect(codes.count == 1 && codes[0].key.scalar == "1" && codes[0].value.sequence?.count == 2 && codes[0].value.line == 9)
        #expect(document["missing"] == nil && document.scalar == nil && document.sequence == nil)
    }

    @Test func emptyTextIsNoDocument() throws {
        #expect(try YAML.compose("") == nil)
        #expect(try YAML.compose("# only a comment\n") == nil)
    }

    /// libyaml's words and place for a broken flow sequence (1-based, as the reader reports them).
    @Test func malformedYAMLIsLibyamlsErrorWithItsPlace() throws {
        #expect(throws: YAMLError.self) { try YAML.compose("a: [1, 2\nb: 3\n") }
        do {
            _ = try YAML.compose("events:\n  - [1, 2, 3\n")
            Issue.record("a broken flow sequence composed")
        } catch let error as YAMLError {
            #expect(error.problem == "did not find expected ',' or ']'" && error.line == 3 && error.context == "while parsing a flow sequence")
        }
    }

    /// What a libinput record file never holds is refused: an alias (a small file, a huge tree) and a second document.
    @Test func aliasesAndSecondDocumentsAreRefused() throws {
        do {
            _ = try YAML.compose("a: &x [1, 2]\nb: *x\n")
            Issue.record("an alias composed")
        } catch let error as YAMLError {
            #expect(error.problem.contains("alias") && error.line == 2)
        }
        do {
            _ = try YAML.compose("a: 1\n---\nb: 2\n")
            Issue.record("two documents composed")
        } catch let error as YAMLError {
            #expect(error.problem == "expected a single document in the stream" && error.line == 2)
        }
    }

    /// A key written twice in one mapping is refused where it is repeated (a second `0:` under
    /// `absinfo` would otherwise change the tablet's size silently).
    @Test func aDuplicatedKeyIsRefused() throws {
        do {
            _ = try YAML.compose("absinfo:\n  0: [0, 44704, 4, 0, 200]\n  1: [0, 27940, 4, 0, 200]\n  0: [0, 4470, 4, 0, 200]\n")
            Issue.record("a duplicated key composed")
        } catch let error as YAMLError {
            #expect(error.problem == "found duplicated key '0'" && error.line == 4 && error.column == 3)
        }
        #expect(try YAML.compose("a: {x: 1}\nb: {x: 2}\n")?["b"]?["x"]?.scalar == "2")  // the same key in two mappings is fine
    }

    /// Nesting is composed without recursion: 2 000 nested sequences, 8 times what the libinput
    /// record reader lets through (it refuses past 256 levels before composing).
    @Test func deepNestingIsComposedWithoutRecursion() throws {
        let depth = 2_000
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        var node = try #require(try YAML.compose(text))
        var levels = 1
        while let inner = node.sequence?.first {
            node = inner
            levels += 1
        }
        #expect(levels == depth)
    }

    /// Seeded random flow sequences of integers: every scalar comes back in order.
    @Test(arguments: [UInt64(11), 12, 13])
    func randomFlowSequencesComeBackWhole(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        for _ in 0..<50 {
            let values = (0..<Int.random(in: 0...40, using: &random)).map { _ in Int32.random(in: .min ... .max, using: &random) }
            let text = "- [" + values.map(String.init).joined(separator: ", ") + "]\n"
            let items = try #require(try YAML.compose(text)?.sequence?.first?.sequence)
            #expect(items.compactMap { $0.scalar.flatMap { Int32($0) } } == values, "seed \(seed)")
        }
    }
}
