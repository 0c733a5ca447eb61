// Entry point: parses the command line and maps every outcome to a documented exit code
// (docs/cli.md): argument errors exit 2 rather than ArgumentParser's default 64. Plain
// `calc run FILE …` and `calc build FILE …` lines skip ArgumentParser (RunOptions, BuildRequest).

import ArgumentParser
import Foundation

Console.reserveStandardStreams()
TempFiles.installSignalHandlers()
do {
    // plain `calc run FILE …` and `calc build FILE …` command lines skip ArgumentParser's
    // reflection (start-up is part of every run); anything else goes through it
    let arguments = CommandLine.arguments.dropFirst()
    if let options = RunOptions(plainArguments: arguments) {
        try options.execute()
    } else if let build = BuildRequest.quickParse(arguments) {
        try build.run()
    } else if let first = arguments.first, let message = Calc.unknownCommand(first) {
        throw CalcFailure(.usage, message)
    } else {
        var command = try Calc.parseAsRoot()
        try command.run()
    }
} catch let f as CalcFailure {
    Console.err("calc: \(f.message)\n")
    exit(f.code.rawValue)
} catch {
    let code = Calc.exitCode(for: error)
    if code == .success {
        Console.out(Calc.fullMessage(for: error) + "\n")
        exit(0)
    }
    Console.err(Calc.fullMessage(for: error) + "\n")
    exit(ExitCode.usage.rawValue)
}
