import ArgumentParser
import Foundation
import QuillCore

/// `quill`: Apple-Pencil-style pen input from Linux tablets and their recordings.
@main
struct Quill: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "quill",
        abstract: "Apple-Pencil-style pen samples from Linux tablets and their recordings (evemu, libinput record).",
        version: QuillVersion.string,
        subcommands: [Summary.self, Samples.self, Info.self, Convert.self, Strokes.self, Shapes.self, Recognize.self, Render.self, Showcase.self, Plot.self, Devices.self, Live.self, Record.self, LayoutCommand.self, MapCommand.self, Gestures.self, Preferences.self, Pad.self, Touches.self, Canvas.self, Service.self])
}

extension Quill {
    /// Parses and runs the command; a parameter the person gave out of range (a `ParameterError`
    /// thrown while the command sets up) is a usage error like a malformed option: it names the
    /// option and exits 64 (EX_USAGE), not 1. Every error, of the usage or of the run, begins
    /// `quill: error:` (ArgumentParser's own `Error:` is renamed).
    static func main() {
        var command: ParsableCommand
        do {
            command = try parseAsRoot()
        } catch {
            if let word = CommandLine.arguments.dropFirst().first, !word.hasPrefix("-"), let nearest = nearestCommand(to: word) {
                fail(ValidationError("unknown command '\(word)': did you mean '\(nearest)'?"))
            }
            fail(error)
        }
        do {
            try command.run()
        } catch let error as ParameterError {
            // As ArgumentParser says a malformed option, with the command's own usage line.
            let help = helpMessage(for: type(of: command), columns: 10_000)
            let usageLine = help.split(separator: "\n").first { $0.hasPrefix("USAGE: ") }.map { String($0.dropFirst(7)) } ?? "quill"
            let path = usageLine.split(separator: " ").prefix { !$0.hasPrefix("<") && !$0.hasPrefix("[") }.joined(separator: " ")
            Console.error("\(usage(for: error, in: type(of: command)))\nUsage: \(usageLine)\n  See '\(path) --help' for more information.")
            Foundation.exit(ExitCode.validationFailure.rawValue)
        } catch {
            fail(error)
        }
    }

    /// Ends the run with ArgumentParser's message and exit code for `error`, its `Error:` said as
    /// every other error of quill is (help and --version go to standard output as they are).
    static func fail(_ error: Error) -> Never {
        let code = exitCode(for: error)
        guard code != .success else { exit(withError: error) }
        var message = fullMessage(for: error)
        if message.hasPrefix("Error: ") { message.removeFirst("Error: ".count) }
        if message.isEmpty {  // an ExitCode thrown after the command said what went wrong
            Foundation.exit(code.rawValue)
        }
        Console.error(message.hasSuffix("\n") ? String(message.dropLast()) : message)
        Foundation.exit(code.rawValue)
    }

    /// The subcommand a mistyped word was meant to be: the one within two edits of it (none when
    /// `word` is a command, or none is that near).
    static func nearestCommand(to word: String) -> String? {
        let names = configuration.subcommands.compactMap { $0.configuration.commandName ?? $0._commandName }
        guard !names.contains(word) else { return nil }
        func distance(_ a: [Character], _ b: [Character]) -> Int {
            var row = Array(0...b.count)
            for (i, x) in a.enumerated() {
                var previous = row[0]
                row[0] = i + 1
                for (j, y) in b.enumerated() {
                    let substitution = previous + (x == y ? 0 : 1)
                    previous = row[j + 1]
                    row[j + 1] = Swift.min(substitution, row[j] + 1, row[j + 1] + 1)
                }
            }
            return row[b.count]
        }
        let scored = names.map { (name: $0, distance: distance(Array(word), Array($0))) }.filter { $0.distance <= 2 }
        return scored.min { $0.distance < $1.distance }?.name
    }

    /// The error in the command's words: `--display-rate 0: expected …` when the field
    /// (`CoalescedSampleGrouper.displayRate`) is an option of the command, else the field's own.
    static func usage(for error: ParameterError, in command: ParsableCommand.Type) -> String {
        let name = error.field.split(separator: ".").last.map(String.init) ?? error.field
        var option = "--"
        for character in name {
            if character.isUppercase, option.count > 2 { option.append("-") }
            option.append(contentsOf: character.lowercased())
        }
        let help = command.helpMessage(columns: 10_000)
        guard help.contains(option + " ") || help.contains(option + "\n") || help.contains(option + ",") else { return error.description }
        return "\(option) \(error.value): expected \(error.expected) (\(error.field))"
    }
}

