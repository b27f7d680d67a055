// A LayoutBench driver for Yoga (Meta's flexbox engine), protocol `layoutbench-driver 1`.
// Built by scripts/setup_yoga.sh against the headers and libyogacore.a of the pyyoga wheel:
//     g++ -O2 -std=c++20 -I YOGA_INCLUDE yoga_driver.cpp YOGA_LIB/libyogacore.a -o yoga_driver
//     ./yoga_driver SCENE.flexbox.json
// Reads the scene's flexbox twin (format `layoutbench-flexbox` 1, written by the harness;
// see Sources/FlexboxTwin/TwinWriter.swift), builds the Yoga tree and lays it out (timed),
// plays the warm-up frames on a separate tree, then times every frame on steady_clock:
// its style changes, YGNodeCalculateLayout and reading every view's rectangle back in
// window coordinates. The point scale factor is 0: no rounding to the pixel grid.
#include <yoga/Yoga.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "driver_output.h"

namespace {

[[noreturn]] void die(const std::string& message) {
    std::fprintf(stderr, "yoga_driver: %s\n", message.c_str());
    std::exit(2);
}

// The few JSON shapes the twin uses: objects, arrays, strings, numbers and null.
struct Reader {
    std::string text;
    size_t at = 0;
    void space() {
        while (at < text.size() && std::strchr(" \t\r\n,:", text[at])) ++at;
    }
    char peek() {
        space();
        return at < text.size() ? text[at] : '\0';
    }
    void expect(char c) {
        if (peek() != c) die(std::string("expected '") + c + "' at byte " + std::to_string(at));
        ++at;
    }
    std::string string() {
        expect('"');
        size_t end = text.find('"', at);
        if (end == std::string::npos) die("unterminated string");
        std::string s = text.substr(at, end - at);
        at = end + 1;
        return s;
    }
    double number() {  // null reads as NaN: an unset style value
        space();
        if (text.compare(at, 4, "null") == 0) {
            at += 4;
            return NAN;
        }
        char* end = nullptr;
        double v = std::strtod(text.c_str() + at, &end);
        if (end == text.c_str() + at) die("expected a number at byte " + std::to_string(at));
        at = size_t(end - text.c_str());
        return v;
    }
    std::vector<double> numbers() {
        std::vector<double> out;
        expect('[');
        while (peek() != ']') out.push_back(number());
        ++at;
        return out;
    }
};

enum Property { Width, Height, Grow, MarginLeft, MarginTop, MarginRight, MarginBottom, InsetLeft, InsetTop, InsetRight, InsetBottom };
constexpr int propertyCount = 11;

struct Node {
    int parent, view, direction, absolute, align, justify;
    double values[propertyCount];
};

struct Twin {
    int views = 0, warmup = 0;
    bool values = false;
    double timeLimit = 0;
    std::vector<Node> nodes;
    std::vector<std::vector<double>> frames;  // node, property, value, ...
};

Twin readTwin(const char* path) {
    std::ifstream in(path);
    if (!in) die(std::string("cannot read ") + path);
    std::stringstream buffer;
    buffer << in.rdbuf();
    Reader r{buffer.str()};
    Twin t;
    r.expect('{');
    while (r.peek() != '}') {
        std::string key = r.string();
        if (key == "format") {
            if (r.string() != "layoutbench-flexbox") die("not a flexbox twin");
        } else if (key == "version") {
            if (r.number() != 1) die("not a version-1 flexbox twin");
        } else if (key == "scene") r.string();
        else if (key == "views") t.views = int(r.number());
        else if (key == "warmup") t.warmup = int(r.number());
        else if (key == "values") t.values = r.number() != 0;
        else if (key == "timelimit") t.timeLimit = r.number();
        else if (key == "properties") {
            r.expect('[');
            while (r.peek() != ']') r.string();
            ++r.at;
        } else if (key == "nodes" || key == "frames") {
            r.expect('[');
            while (r.peek() != ']') {
                std::vector<double> row = r.numbers();
                if (key == "frames") {
                    t.frames.push_back(std::move(row));
                    continue;
                }
                if (row.size() != 6 + propertyCount) die("a node needs " + std::to_string(6 + propertyCount) + " fields");
                Node n{int(row[0]), int(row[1]), int(row[2]), int(row[3]), int(row[4]), int(row[5]), {}};
                for (int p = 0; p < propertyCount; ++p) n.values[p] = row[6 + p];
                t.nodes.push_back(n);
            }
            ++r.at;
        } else die("unknown key '" + key + "'");
    }
    return t;
}

void setStyle(YGNodeRef node, int property, double value) {
    const float v = float(value);
    const bool unset = std::isnan(value);
    switch (property) {
    case Width: unset ? YGNodeStyleSetWidthAuto(node) : YGNodeStyleSetWidth(node, v); break;
    case Height: unset ? YGNodeStyleSetHeightAuto(node) : YGNodeStyleSetHeight(node, v); break;
    case Grow:
        YGNodeStyleSetFlexGrow(node, unset ? 0 : v);
        if (!unset) YGNodeStyleSetFlexBasis(node, 0);
        break;
    case MarginLeft: YGNodeStyleSetMargin(node, YGEdgeLeft, unset ? 0 : v); break;
    case MarginTop: YGNodeStyleSetMargin(node, YGEdgeTop, unset ? 0 : v); break;
    case MarginRight: YGNodeStyleSetMargin(node, YGEdgeRight, unset ? 0 : v); break;
    case MarginBottom: YGNodeStyleSetMargin(node, YGEdgeBottom, unset ? 0 : v); break;
    case InsetLeft: if (!unset) YGNodeStyleSetPosition(node, YGEdgeLeft, v); break;
    case InsetTop: if (!unset) YGNodeStyleSetPosition(node, YGEdgeTop, v); break;
    case InsetRight: if (!unset) YGNodeStyleSetPosition(node, YGEdgeRight, v); break;
    case InsetBottom: if (!unset) YGNodeStyleSetPosition(node, YGEdgeBottom, v); break;
    default: die("unknown style property " + std::to_string(property));
    }
}

/// One Yoga tree for the twin, laid out once built.
struct Play {
    const Twin& twin;
    YGConfigRef config;
    std::vector<YGNodeRef> nodes;
    std::vector<int> childCount;
    std::vector<double> left, top;  // window coordinates per node
    std::vector<double> values;     // left, top, width, height per view

    explicit Play(const Twin& t) : twin(t), config(YGConfigNew()), childCount(t.nodes.size(), 0) {
        YGConfigSetPointScaleFactor(config, 0);
        nodes.reserve(t.nodes.size());
        for (const Node& n : t.nodes) {
            YGNodeRef node = YGNodeNewWithConfig(config);
            YGNodeStyleSetFlexDirection(node, n.direction == 0 ? YGFlexDirectionRow : YGFlexDirectionColumn);
            YGNodeStyleSetPositionType(node, n.absolute ? YGPositionTypeAbsolute : YGPositionTypeRelative);
            const YGAlign aligns[] = {YGAlignFlexStart, YGAlignFlexEnd, YGAlignStretch, YGAlignCenter};
            YGNodeStyleSetAlignSelf(node, aligns[n.align & 3]);
            YGNodeStyleSetJustifyContent(node, n.justify ? YGJustifyCenter : YGJustifyFlexStart);
            YGNodeStyleSetFlexShrink(node, 0);
            for (int p = 0; p < propertyCount; ++p) setStyle(node, p, n.values[p]);
            if (n.parent >= 0) {
                if (n.parent >= int(nodes.size())) die("a node's parent must come before it");
                YGNodeInsertChild(nodes[n.parent], node, size_t(childCount[n.parent]++));
            }
            nodes.push_back(node);
        }
        left.assign(nodes.size(), 0);
        top.assign(nodes.size(), 0);
        values.assign(size_t(t.views) * 4, 0);
        layout();
    }
    ~Play() {
        if (!nodes.empty()) YGNodeFreeRecursive(nodes[0]);
        YGConfigFree(config);
    }

    void layout() {
        YGNodeCalculateLayout(nodes[0], YGUndefined, YGUndefined, YGDirectionLTR);
        for (size_t i = 0; i < nodes.size(); ++i) {
            const Node& n = twin.nodes[i];
            left[i] = YGNodeLayoutGetLeft(nodes[i]) + (n.parent >= 0 ? left[n.parent] : 0);
            top[i] = YGNodeLayoutGetTop(nodes[i]) + (n.parent >= 0 ? top[n.parent] : 0);
            if (n.view < 0) continue;
            double* v = &values[size_t(n.view) * 4];
            v[0] = left[i];
            v[1] = top[i];
            v[2] = YGNodeLayoutGetWidth(nodes[i]);
            v[3] = YGNodeLayoutGetHeight(nodes[i]);
        }
    }

    void frame(size_t f) {
        const std::vector<double>& changes = twin.frames[f];
        for (size_t k = 0; k + 2 < changes.size(); k += 3) setStyle(nodes[size_t(changes[k])], int(changes[k + 1]), changes[k + 2]);
        layout();
    }
};

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) die("usage: yoga_driver SCENE.flexbox.json");
    Twin t = readTwin(argv[argc - 1]);
    if (t.nodes.empty()) die("the twin has no nodes");
    using Clock = std::chrono::steady_clock;
    auto ns = [](Clock::time_point a, Clock::time_point b) {
        return (long long)std::chrono::duration_cast<std::chrono::nanoseconds>(b - a).count();
    };
    std::printf("layoutbench-driver 1 yoga libyogacore\n");
    if (t.warmup > 0) {
        auto warmStart = Clock::now();
        Play warm(t);
        auto started = Clock::now();
        std::fprintf(stderr, "yoga_driver: warm-up build %.3f s\n", ns(warmStart, started) * 1e-9);
        for (size_t i = 0; i < t.frames.size() && int(i) < t.warmup; ++i) {
            warm.frame(i);
            if (t.timeLimit > 0 && ns(started, Clock::now()) > t.timeLimit * 1e9 / 4) break;
        }
    }
    auto t0 = Clock::now();
    auto play = std::make_unique<Play>(t);
    std::printf("build %lld\n", ns(t0, Clock::now()));
    if (t.values) printValues(0, play->values);
    double spent = 0;
    for (size_t i = 0; i < t.frames.size(); ++i) {
        auto start = Clock::now();
        play->frame(i);
        long long elapsed = ns(start, Clock::now());
        spent += double(elapsed);
        std::printf("frame %zu %lld\n", i + 1, elapsed);
        if (t.values) printValues(i + 1, play->values);
        if (t.timeLimit > 0 && spent > t.timeLimit * 1e9 && i + 1 < t.frames.size()) {
            std::printf("stopped %zu\n", i + 1);
            break;
        }
    }
    std::printf("end\n");
    return 0;
}
