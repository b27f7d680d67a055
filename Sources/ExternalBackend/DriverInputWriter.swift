import FlexboxTwin
import LayoutModel
import SolverTrace

/// What a driver gets to read for a scene: the solver-level trace, or the flexbox twin for a
/// flexbox engine (a scene flexbox cannot express is declined with the twin's reason).
public enum DriverInputWriter {
    public static func write(
        for driver: DriverSpec, scene: CompiledScene, reference: any LayoutBackend.Type, settings: TraceRunSettings,
        options: BackendOptions
    ) -> Result<WrittenTrace, DriverFailure> {
        switch driver.input {
        case .trace:
            do {
                return .success(try TraceWriter.write(scene, reference: reference, settings: settings, options: options))
            } catch {
                return .failure(DriverFailure(driver: driver.name, reason: "cannot write the trace: \(error)"))
            }
        case .flexbox:
            let twin: FlexboxTwin
            do { twin = try FlexboxTwin.derive(scene) } catch {
                var failure = DriverFailure(driver: driver.name, reason: "\(error)")
                failure.declinesScene = true
                return .failure(failure)
            }
            let text = twin.json(
                warmupFrames: settings.warmupFrames, printValues: settings.printValues, timeLimitSeconds: settings.timeLimitSeconds)
            // The ops the scene's own rules refuse never reach a flexbox engine; the harness reports them.
            let gated = scene.frames.enumerated().map { f, ops in
                ops.enumerated().compactMap { i, op -> (op: Int, message: String)? in
                    guard case let .invalid(index) = op else { return nil }
                    let refused = scene.refusal(index)
                    return (i, "frame \(f + 1) op \(i) (\(refused.label)): \(refused.error)")
                }
            }
            return .success(WrittenTrace(text: text, gatedRefusals: gated))
        }
    }
}
