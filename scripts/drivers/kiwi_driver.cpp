// A LayoutBench driver for native kiwi (the C++ solver inside kiwisolver), protocol
// `layoutbench-driver 1`. Built by scripts/setup_kiwi.sh against kiwi's headers:
//     g++ -O2 -std=c++17 -I KIWI_HEADERS kiwi_driver.cpp -o kiwi_driver
//     ./kiwi_driver SCENE.trace
// Reads the solver-level trace, builds the solver (timed), plays the warm-up frames
// on a separate build, then times every frame on steady_clock: its ops, the solve
// (kiwi solves incrementally inside each op; updateVariables copies the values out)
// and reading back every variable (kiwi cannot tell which changed).
// Priority -> strength: 1000 -> required; optional p -> strength::create(0, 0, p), weight p.
#include <kiwi/kiwi.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "driver_output.h"

namespace {

struct TraceConstraint {
    kiwi::RelationalOperator op;
    double constant, priority;
    bool active, present;
    std::vector<std::pair<int, double>> terms;
};

struct TraceOp {
    std::string kind;
    int index = 0, handle = 0;
    double a = 0, b = 0;
};

struct Trace {
    int variables = 0, read = 0, warmup = 0;
    bool values = false;
    double timeLimit = 0;
    std::vector<TraceConstraint> constraints;
    std::vector<std::vector<std::pair<int, double>>> edits;
    std::vector<TraceOp> initialEdits;  // handle, a = priority, b = value
    std::vector<std::vector<TraceOp>> frames;
};

[[noreturn]] void die(const std::string& message) {
    std::fprintf(stderr, "kiwi_driver: %s\n", message.c_str());
    std::exit(2);
}

Trace readTrace(const char* path) {
    std::ifstream in(path);
    if (!in) die(std::string("cannot read ") + path);
    Trace t;
    std::string line;
    std::getline(in, line);
    if (line != "layoutbench-trace 1") die("not a version-1 trace");
    std::vector<TraceOp>* frame = nullptr;
    while (std::getline(in, line)) {
        std::istringstream f(line);
        std::string k;
        if (!(f >> k)) continue;
        if (k == "variables") f >> t.variables;
        else if (k == "read") f >> t.read;
        else if (k == "warmup") f >> t.warmup;
        else if (k == "values") { int v; f >> v; t.values = v == 1; }
        else if (k == "timelimit") f >> t.timeLimit;
        else if (k == "c") {
            TraceConstraint c;
            int h, active, present, n;
            std::string rel;
            f >> h >> rel >> c.constant >> c.priority >> active >> present >> n;
            c.op = rel == "==" ? kiwi::OP_EQ : rel == "<=" ? kiwi::OP_LE : kiwi::OP_GE;
            c.active = active == 1;
            c.present = present == 1;
            for (int i = 0; i < n; ++i) { int v; double w; f >> v >> w; c.terms.push_back({v, w}); }
            t.constraints.push_back(std::move(c));
        } else if (k == "e") {
            int h, n;
            f >> h >> n;
            std::vector<std::pair<int, double>> terms;
            for (int i = 0; i < n; ++i) { int v; double w; f >> v >> w; terms.push_back({v, w}); }
            t.edits.push_back(std::move(terms));
        } else if (k == "initialEdit") {
            TraceOp op;
            op.kind = k;
            f >> op.handle >> op.a >> op.b;
            t.initialEdits.push_back(op);
        } else if (k == "frame") {
            t.frames.emplace_back();
            frame = &t.frames.back();
        } else if (k == "solve" || k == "end" || k == "scene" || k == "constraints" || k == "edits" || k == "frames") {
        } else if (frame) {
            TraceOp op;
            op.kind = k;
            f >> op.index >> op.handle >> op.a >> op.b;
            frame->push_back(op);
        }
        if (f.bad()) die("malformed trace line: " + line);
    }
    return t;
}

double strengthOf(double priority) {
    return priority >= 1000 ? kiwi::strength::required : kiwi::strength::create(0, 0, priority);
}

struct Refused {
    std::string message;
};

/// One build of the trace on kiwi: each constraint's state and the ops in solver terms.
struct Play {
    const Trace& t;
    kiwi::Solver solver;
    std::vector<kiwi::Variable> x;
    std::vector<TraceConstraint> state;
    std::vector<std::unique_ptr<kiwi::Constraint>> handle;
    std::map<int, std::pair<kiwi::Variable, std::unique_ptr<kiwi::Constraint>>> editVar;
    std::vector<double> values;

    explicit Play(const Trace& trace) : t(trace), x(trace.variables), state(trace.constraints), handle(trace.constraints.size()) {
        for (size_t h = 0; h < state.size(); ++h)
            if (state[h].active && state[h].present) install(int(h));
        read();
        for (const TraceOp& e : t.initialEdits) addEdit(e.handle, e.a, e.b);
    }

    kiwi::Expression expression(const std::vector<std::pair<int, double>>& terms, double constant) {
        std::vector<kiwi::Term> ts;
        ts.reserve(terms.size());
        for (auto& [v, w] : terms) ts.emplace_back(x[v], w);
        return kiwi::Expression(ts, -constant);
    }

    void install(int h) {
        const TraceConstraint& c = state[h];
        auto made = std::make_unique<kiwi::Constraint>(expression(c.terms, c.constant), c.op, strengthOf(c.priority));
        try {
            solver.addConstraint(*made);
        } catch (const kiwi::UnsatisfiableConstraint&) {
            throw Refused{"unsatisfiable: required constraints conflict"};
        }
        handle[h] = std::move(made);
    }

    void uninstall(int h) {
        if (handle[h]) {
            solver.removeConstraint(*handle[h]);
            handle[h].reset();
        }
    }

    void change(int h, double TraceConstraint::*field, double value) {
        double old = state[h].*field;
        state[h].*field = value;
        if (!handle[h]) return;
        uninstall(h);
        try {
            install(h);
        } catch (const Refused&) {
            state[h].*field = old;
            install(h);
            throw;
        }
    }

    void addEdit(int e, double priority, double value) {
        const auto& terms = t.edits[e];
        std::unique_ptr<kiwi::Constraint> tie;
        kiwi::Variable var;
        if (terms.size() == 1 && terms[0].second == 1.0) {
            var = x[terms[0].first];
        } else {
            tie = std::make_unique<kiwi::Constraint>(expression(terms, 0) - var, kiwi::OP_EQ, kiwi::strength::required);
            solver.addConstraint(*tie);
        }
        solver.addEditVariable(var, strengthOf(priority));
        solver.suggestValue(var, value);
        editVar[e] = {var, std::move(tie)};
    }

    void apply(const TraceOp& op) {
        TraceConstraint* c = op.handle < int(state.size()) ? &state[op.handle] : nullptr;
        const std::string& k = op.kind;
        if (k == "suggest") solver.suggestValue(editVar.at(op.handle).first, op.a);
        else if (k == "setConstant") change(op.handle, &TraceConstraint::constant, op.a);
        else if (k == "setPriority") change(op.handle, &TraceConstraint::priority, op.a);
        else if (k == "activate" && !c->active) {
            c->active = true;
            if (c->present) {
                try { install(op.handle); } catch (const Refused&) { c->active = false; throw; }
            }
        } else if (k == "deactivate" && c->active) {
            c->active = false;
            uninstall(op.handle);
        } else if (k == "add") {
            c->present = true;
            if (c->active) {
                try { install(op.handle); } catch (const Refused&) { c->present = false; throw; }
            }
        } else if (k == "remove") {
            uninstall(op.handle);
            c->present = false;
        } else if (k == "addEdit") addEdit(op.handle, op.a, op.b);
        else if (k == "removeEdit") {
            auto& [var, tie] = editVar.at(op.handle);
            solver.removeEditVariable(var);
            if (tie) solver.removeConstraint(*tie);
            editVar.erase(op.handle);
        }
    }

    void read() {
        solver.updateVariables();
        values.resize(t.read);
        for (int i = 0; i < t.read; ++i) values[i] = x[i].value();
    }

    void frame(size_t index, std::vector<std::pair<int, std::string>>& refused) {
        for (const TraceOp& op : t.frames[index]) {
            try {
                apply(op);
            } catch (const Refused& r) {
                refused.push_back({op.index, r.message});
            }
        }
        read();
    }
};

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) die("usage: kiwi_driver SCENE.trace");
    Trace t = readTrace(argv[argc - 1]);
    using Clock = std::chrono::steady_clock;
    auto ns = [](Clock::time_point a, Clock::time_point b) {
        return (long long)std::chrono::duration_cast<std::chrono::nanoseconds>(b - a).count();
    };
    std::printf("layoutbench-driver 1 kiwi %d.%d.%d\n", KIWI_MAJOR_VERSION, KIWI_MINOR_VERSION, KIWI_MICRO_VERSION);
    std::vector<std::pair<int, std::string>> refused;
    if (t.warmup > 0) {
        auto warmStart = Clock::now();
        Play warm(t);
        auto started = Clock::now();
        // On standard error, so that a run stopped by the wall-clock limit still tells what a build costs.
        std::fprintf(stderr, "kiwi_driver: warm-up build %.3f s\n", ns(warmStart, started) * 1e-9);
        for (size_t i = 0; i < t.frames.size() && int(i) < t.warmup; ++i) {
            warm.frame(i, refused);
            refused.clear();
            if (t.timeLimit > 0 && ns(started, Clock::now()) > t.timeLimit * 1e9 / 4) break;
        }
    }
    auto t0 = Clock::now();
    auto play = std::make_unique<Play>(t);
    std::printf("build %lld\n", ns(t0, Clock::now()));
    if (t.values) printValues(0, play->values);
    double spent = 0;
    for (size_t i = 0; i < t.frames.size(); ++i) {
        refused.clear();
        auto start = Clock::now();
        play->frame(i, refused);
        long long elapsed = ns(start, Clock::now());
        spent += double(elapsed);
        for (auto& [op, message] : refused) std::printf("refused %zu %d %s\n", i + 1, op, message.c_str());
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
