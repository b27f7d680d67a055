// Why a view may differ from IB, as types: what the import does not model about a view, the
// likely cause `--check` gives for a differing view, and why a view's stored frame cannot judge
// the import. Rules decide on the case, never on the wording; the wording is for people.

import LayoutModel

/// Something a file says about a view that the import does not model.
public enum IBUnsupportedReason: Sendable, Hashable {
    /// A `<viewLayoutGuide>` of a key the import does not know (constraints to it are dropped).
    case layoutGuide(key: String)
    /// A constraint reaching an object outside this hierarchy or not modelled (dropped).
    case constraintOutside(constraintID: String)
    /// A custom view class with no intrinsic size in the file (none assumed).
    case customClassSize(className: String)
    /// An SF Symbol image whose alignment insets the file's constraints leave undetermined on
    /// these axes (`horizontal`, `vertical`: the frame is taken as the alignment rectangle there).
    case symbolInsetsUnknown(image: String, axes: [String])
    /// An attribute that changes layout and is not modelled, with what the import does instead.
    case attribute(String)

    /// A short name of the case, as `--check --json` writes it.
    public var kind: String {
        switch self {
        case .layoutGuide: "layout-guide"
        case .constraintOutside: "constraint-outside"
        case .customClassSize: "custom-class-size"
        case .symbolInsetsUnknown: "symbol-insets"
        case .attribute: "attribute"
        }
    }

    public var message: String {
        switch self {
        case let .layoutGuide(key): "layout guide key \"\(key)\" not modelled (constraints to it are dropped)"
        case let .constraintOutside(id): "constraint \(id) reaches an object outside this hierarchy or not modelled: dropped"
        case let .customClassSize(name): "custom class \(name): intrinsic content size unknown (none assumed)"
        case let .symbolInsetsUnknown(image, axes):
            "SF Symbol image \"\(image)\": alignment insets unknown (\(axes.joined(separator: " and ")): frame taken as the alignment rectangle)"
        case let .attribute(what): what
        }
    }
}

/// One element or attribute of the file the import does not model, where it is.
public struct IBUnsupportedEntry: Sendable, Hashable {
    /// The element's name and IB id (`<imageView id="i">`), and its line.
    public var element: String
    public var elementID: String?
    public var line: Int
    /// The view it concerns, if any.
    public var viewID: String?
    public var reason: IBUnsupportedReason

    /// `<name id="…"> (line N): message`, as `--check` prints it and `x-ib.unsupported` keeps it.
    public var text: String { "\(element) (line \(line)): \(reason.message)" }
}

/// A likely cause of an unflagged view differing from IB's frame.
public indirect enum IBLikelyCause: Sendable, Hashable {
    /// Something the import does not model about the view.
    case unsupported(IBUnsupportedReason)
    /// A constraint broken to resolve a conflict, which reaches the view (or a guide of it).
    case droppedConstraint(String)
    /// IB's stored frames break this required constraint of the file by `broken` pt: relating
    /// the view, or (`elsewhere`) only other views, the difference having spread from them.
    case staleStoredFrame(constraintID: String, views: [String], broken: Double, elsewhere: Bool)
    /// A cause of the nearest ancestor that has some.
    case inside(ancestor: String, IBLikelyCause)

    /// Whether the cause is the import's own gap (something not modelled, a constraint it
    /// dropped), of the view or of an ancestor, rather than the file's. A custom class's size is
    /// not: only the app's code knows it, so no import could.
    public var isImportGap: Bool {
        switch self {
        case .unsupported(.customClassSize): false
        case .unsupported, .droppedConstraint: true
        case .staleStoredFrame: false
        case let .inside(_, cause): cause.isImportGap
        }
    }

    /// A short name of the case (of the ancestor's cause for `inside`), as `--check --json` writes it.
    public var kind: String {
        switch self {
        case let .unsupported(reason): reason.kind
        case .droppedConstraint: "dropped-constraint"
        case .staleStoredFrame: "stale-stored-frame"
        case let .inside(_, cause): cause.kind
        }
    }

    public var message: String {
        switch self {
        case let .unsupported(reason): reason.message
        case let .droppedConstraint(id): "dropped constraint \(id)"
        case let .staleStoredFrame(id, views, broken, elsewhere):
            "\(elsewhere ? "elsewhere: " : "")stale stored frame: IB's frames break required constraint \(id) (\(views.joined(separator: ", "))) by \(formatNumber((broken * 1000).rounded() / 1000)) pt"
        case let .inside(ancestor, cause): "inside \(ancestor): \(cause.message)"
        }
    }
}

/// Why the stored frame of a view IB does not flag cannot judge the import (see `IBComparability`).
public struct IBNotComparable: Sendable, Hashable {
    public enum Kind: String, Sendable {
        /// IB's stored frames break required constraints the view's frame depends on.
        case staleStoredFrame = "stale-stored-frame"
        /// The view's frame depends on the run-time intrinsic size of a custom class.
        case customClassSize = "custom-class-size"
        /// The constraints leave the view's frame ambiguous: several layouts satisfy them equally.
        case ambiguousFrame = "ambiguous-frame"
    }
    public var kind: Kind
    /// `not comparable: …`, as `--check` prints it.
    public var message: String
}
