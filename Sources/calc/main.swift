// Entry point: parses the command line and maps every outcome to a documented exit code
// (docs/cli.md): argument errors exit 2 rather than ArgumentParser's default 64. A plain
// `calc run FILE …` skips ArgumentParser (see RunOptions): start-up is part of every run.

import ArgumentParser
import Foundation

TempFiles.installSignalHandlers()
do {
    if let options = RunOptions(plainArguments: CommandLine.arguments.dropFirst()) {
        try options.execute()
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
