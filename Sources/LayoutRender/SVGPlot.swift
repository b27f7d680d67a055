// Line plots as SVG, drawn by the project (no plotting library): per-frame time series
// and scaling curves, with labelled reference lines such as frame budgets.

public struct PlotSeries: Sendable {
    public var name: String
    public var points: [(x: Double, y: Double)]
    public var dashed: Bool
    /// Series with the same colour index share a colour (e.g. p50 and p99 of one back end).
    public var colour: Int
    public init(name: String, points: [(x: Double, y: Double)], colour: Int, dashed: Bool = false) {
        self.name = name
        self.points = points
        self.colour = colour
        self.dashed = dashed
    }
}

public struct LinePlot: Sendable {
    public var title: String
    public var xLabel: String
    public var yLabel: String
    public var logX = false
    public var logY = true
    public var series: [PlotSeries] = []
    /// Horizontal lines with their legend labels (e.g. "120 Hz budget, 8.33 ms").
    public var referenceLines: [(label: String, y: Double)] = []
    public var xFormat: @Sendable (Double) -> String = { "\($0)" }
    public var yFormat: @Sendable (Double) -> String = { "\($0)" }
    public var showMarkers = true

    public init(title: String, xLabel: String, yLabel: String) {
        self.title = title
        self.xLabel = xLabel
        self.yLabel = yLabel
    }

    public static let palette = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2"]
    static let referenceColours = ["#000000", "#8a8a8a", "#b0b0b0"]  // greys: the series own the colours

    /// `namespace: false` leaves out `xmlns`, for SVG inline in an HTML page.
    public func svg(width: Double = 640, height: Double = 340, namespace: Bool = true) -> String {
        let left = 70.0, right = 190.0, top = 28.0, bottom = 44.0
        let plotW = width - left - right, plotH = height - top - bottom
        var xs: [Double] = [], ys: [Double] = []
        for s in series { for p in s.points where p.x.isFinite && p.y.isFinite && (!logX || p.x > 0) && (!logY || p.y > 0) { xs.append(p.x); ys.append(p.y) } }
        for r in referenceLines { ys.append(r.y) }
        var out = ByteBuffer(capacity: 8192)
        out.append(namespace ? "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"plot\" viewBox=\"0 0 " : "<svg class=\"plot\" viewBox=\"0 0 ")
        out.append(int: Int(width)); out.append(" "); out.append(int: Int(height))
        out.append("\" width=\""); out.append(int: Int(width)); out.append("\" height=\""); out.append(int: Int(height))
        out.append("\" font-family=\"sans-serif\" font-size=\"11\">\n<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n")
        out.append("<text x=\""); out.append(hundredths: left); out.append("\" y=\"17\" font-size=\"13\" font-weight=\"bold\">")
        out.appendEscaped(title); out.append("</text>\n")
        guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max() else {
            out.append("<text x=\"70\" y=\"60\">no data</text></svg>")
            return out.string
        }
        let (xLo, xHi) = LinePlot.range(x0, x1, log: logX, pad: false)
        let (yLo, yHi) = LinePlot.range(y0, y1, log: logY, pad: true)
        func tx(_ x: Double) -> Double {
            let t = logX ? (log10(x) - log10(xLo)) / (log10(xHi) - log10(xLo)) : (x - xLo) / (xHi - xLo)
            return left + t * plotW
        }
        func ty(_ y: Double) -> Double {
            let t = logY ? (log10(y) - log10(yLo)) / (log10(yHi) - log10(yLo)) : (y - yLo) / (yHi - yLo)
            return top + (1 - t) * plotH
        }
        // Grid and ticks.
        out.append("<g stroke=\"#e4e4e4\">\n")
        let yTicks = LinePlot.ticks(yLo, yHi, log: logY), xTicks = LinePlot.ticks(xLo, xHi, log: logX)
        for t in yTicks { line(&out, left, ty(t), left + plotW, ty(t)) }
        for t in xTicks { line(&out, tx(t), top, tx(t), top + plotH) }
        out.append("</g>\n<g fill=\"#444\">\n")
        for t in yTicks { label(&out, left - 6, ty(t) + 4, yFormat(t), anchor: "end") }
        for t in xTicks { label(&out, tx(t), top + plotH + 15, xFormat(t), anchor: "middle") }
        out.append("</g>\n<rect x=\""); out.append(hundredths: left); out.append("\" y=\""); out.append(hundredths: top)
        out.append("\" width=\""); out.append(hundredths: plotW); out.append("\" height=\""); out.append(hundredths: plotH)
        out.append("\" fill=\"none\" stroke=\"#888\"/>\n")
        label(&out, left + plotW / 2, height - 8, xLabel, anchor: "middle")
        out.append("<text transform=\"translate(14,"); out.append(hundredths: top + plotH / 2)
        out.append(") rotate(-90)\" text-anchor=\"middle\">"); out.appendEscaped(yLabel); out.append("</text>\n")
        // Reference lines, then the series.
        for (i, r) in referenceLines.enumerated() where r.y >= yLo && r.y <= yHi {
            out.append("<line stroke=\""); out.append(LinePlot.referenceColours[i % 3]); out.append("\" stroke-width=\"1.2\" stroke-dasharray=\"6 3\"")
            coordinates(&out, left, ty(r.y), left + plotW, ty(r.y))
        }
        for s in series {
            let colour = LinePlot.palette[s.colour % LinePlot.palette.count]
            let points = s.points.filter { $0.x.isFinite && $0.y.isFinite && (!logX || $0.x > 0) && (!logY || $0.y > 0) }
            guard !points.isEmpty else { continue }
            out.append("<polyline fill=\"none\" stroke=\""); out.append(colour); out.append("\" stroke-width=\"1.5\"")
            if s.dashed { out.append(" stroke-dasharray=\"4 3\"") }
            out.append(" points=\"")
            for p in points {
                out.append(hundredths: tx(p.x)); out.append(","); out.append(hundredths: ty(p.y)); out.append(" ")
            }
            out.append("\"><title>"); out.appendEscaped(s.name); out.append("</title></polyline>\n")
            if showMarkers, points.count <= 40 {
                for p in points {
                    out.append("<circle r=\"2.5\" fill=\""); out.append(colour); out.append("\" cx=\""); out.append(hundredths: tx(p.x))
                    out.append("\" cy=\""); out.append(hundredths: ty(p.y)); out.append("\"><title>")
                    out.appendEscaped("\(s.name): \(xFormat(p.x)), \(yFormat(p.y))"); out.append("</title></circle>\n")
                }
            }
        }
        // Legend: series, then the reference lines.
        var ly = top + 8
        let lx = left + plotW + 14
        for s in series {
            out.append("<line stroke=\""); out.append(LinePlot.palette[s.colour % LinePlot.palette.count]); out.append("\" stroke-width=\"2\"")
            if s.dashed { out.append(" stroke-dasharray=\"4 3\"") }
            coordinates(&out, lx, ly, lx + 22, ly)
            label(&out, lx + 28, ly + 4, s.name, anchor: "start")
            ly += 16
        }
        for (i, r) in referenceLines.enumerated() {
            out.append("<line stroke=\""); out.append(LinePlot.referenceColours[i % 3]); out.append("\" stroke-width=\"1.2\" stroke-dasharray=\"6 3\"")
            coordinates(&out, lx, ly, lx + 22, ly)
            label(&out, lx + 28, ly + 4, r.label, anchor: "start")
            ly += 16
        }
        out.append("</svg>")
        return out.string
    }

    private func line(_ out: inout ByteBuffer, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        out.append("<line"); coordinates(&out, x1, y1, x2, y2)
    }

    private func coordinates(_ out: inout ByteBuffer, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        out.append(" x1=\""); out.append(hundredths: x1); out.append("\" y1=\""); out.append(hundredths: y1)
        out.append("\" x2=\""); out.append(hundredths: x2); out.append("\" y2=\""); out.append(hundredths: y2); out.append("\"/>\n")
    }

    private func label(_ out: inout ByteBuffer, _ x: Double, _ y: Double, _ text: String, anchor: StaticString) {
        out.append("<text x=\""); out.append(hundredths: x); out.append("\" y=\""); out.append(hundredths: y)
        out.append("\" text-anchor=\""); out.append(anchor); out.append("\">"); out.appendEscaped(text); out.append("</text>\n")
    }

    /// The axis range: whole decades on a log axis; a little headroom on a linear one.
    static func range(_ lo: Double, _ hi: Double, log: Bool, pad: Bool) -> (Double, Double) {
        if log {
            let a = pow10(log10(lo).rounded(.down)), b = pow10(log10(hi).rounded(.up))
            return a < b ? (a, b) : (a, a * 10)
        }
        let span = hi - lo
        if span <= 0 { return (lo - 1, hi + 1) }
        return pad ? (min(0, lo), hi + span * 0.05) : (lo, hi)
    }

    /// Decades (log) or about six round steps of 1, 2 or 5 × 10^k (linear).
    static func ticks(_ lo: Double, _ hi: Double, log: Bool) -> [Double] {
        if log {
            var out: [Double] = []
            var t = lo
            while t <= hi * 1.0001 {
                out.append(t)
                t *= 10
            }
            return out
        }
        let raw = (hi - lo) / 6
        let magnitude = pow10(log10(raw).rounded(.down))
        let step = [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= raw } ?? magnitude * 10
        var out: [Double] = []
        var t = (lo / step).rounded(.up) * step
        while t <= hi + step * 1e-9 {
            out.append(t)
            t += step
        }
        return out
    }
}

// Without Foundation: base-10 logarithm and powers from the standard library's math.
func log10(_ x: Double) -> Double { x.isFinite && x > 0 ? ln(x) / ln(10) : 0 }

func ln(_ x: Double) -> Double {
    // Reduce to m × 2^e with m in [1, 2), then the atanh series.
    let e = Double(x.exponent)
    let m = x.significand
    let s = (m - 1) / (m + 1), s2 = s * s
    var term = s, sum = 0.0
    var k = 1.0
    while k < 60 {
        sum += term / k
        term *= s2
        k += 2
    }
    return 2 * sum + e * 0.693_147_180_559_945_3
}

func pow10(_ k: Double) -> Double {
    var r = 1.0
    let n = Int(k)
    if n >= 0 { for _ in 0..<n { r *= 10 } } else { for _ in 0..<(-n) { r /= 10 } }
    return r
}
