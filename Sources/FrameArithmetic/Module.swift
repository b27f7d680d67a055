// Module FrameArithmetic: see the README's architecture section.
