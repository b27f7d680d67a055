import LayoutModel

// libFuzzer target for the scene reader: every input goes through `Scene.load` and,
// when it loads, `compile`. A trap is a bug; an error is the expected answer.
//
// Fuzzing (FUZZING hands `main` to libFuzzer's driver):
//   swift build --build-path .build/fuzz --product SceneReaderFuzzer \
//     -Xswiftc -sanitize=fuzzer -Xswiftc -DFUZZING
//   .build/fuzz/debug/SceneReaderFuzzer -max_total_time=600 corpus/
// Without those flags it is a plain program that replays inputs given as file
// paths, for reproducing a crash the fuzzer found.

func readScene(_ bytes: [UInt8]) {
    guard let scene = try? Scene.load(bytes) else { return }
    _ = try? scene.compile()
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    readScene(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

#if FUZZING
/// libFuzzer's driver (compiler-rt's FuzzerDriver), which runs `fuzzOneInput` on generated inputs.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32
#endif

@main
struct SceneReaderFuzzer {
    static func main() throws {
        #if FUZZING
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        Platform.exitProcess(LLVMFuzzerRunDriver(&argc, &argv) { fuzzOneInput($0, $1) })
        #else
        for path in CommandLine.arguments.dropFirst() {
            readScene(try Scene.readFile(path))
            print("\(path): read without a trap")
        }
        #endif
    }
}
