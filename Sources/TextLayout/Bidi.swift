// Bidirectional text, simplified from the Unicode Bidirectional Algorithm (UAX #9) to what a label
// needs without embeddings, overrides or isolates: each character's bidi class comes from a table of
// the right-to-left blocks (Hebrew, Arabic, Syriac, Thaana, N'Ko, Samaritan, Mandaic and their
// presentation forms) and the general category (digits are European or Arabic numbers, marks take
// the class of the character they follow, everything else that is not a letter is neutral); the
// paragraph's direction is that of its first strong character (rule P2); numbers after Latin text
// are Latin (W7); a run of neutrals between two characters of the same direction takes it, others
// the paragraph's (N1, N2); levels follow I1–I2, and lines are reordered by rule L2. Full UAX #9
// would need the Unicode data tables; this subset orders Hebrew or Arabic sentences, with Latin
// words and numbers inside them, the way UAX #9 does. It does not handle explicit direction marks
// (U+200E, U+200F and the embedding controls are neutral here) or mirror brackets.

enum BidiClass: UInt8 {
    /// Left-to-right letter.
    case l
    /// Right-to-left letter (Hebrew, Arabic …).
    case r
    /// European number (ASCII and other decimal digits).
    case en
    /// Arabic number (Arabic-Indic digits).
    case an
    /// A combining mark: takes the class of what precedes it.
    case nsm
    /// Anything else: spaces, punctuation, symbols.
    case neutral
}

enum Bidi {
    /// The class of one scalar.
    static func classOf(_ s: Unicode.Scalar) -> BidiClass {
        let v = s.value
        if v < 0x80 {
            if (0x30...0x39).contains(v) { return .en }
            if (0x41...0x5A).contains(v) || (0x61...0x7A).contains(v) { return .l }
            return .neutral
        }
        if (0x0660...0x0669).contains(v) || (0x066B...0x066C).contains(v) || (0x06DD == v) { return .an }
        if (0x06F0...0x06F9).contains(v) { return .en }
        let category = s.properties.generalCategory
        switch category {
        case .nonspacingMark, .enclosingMark: return .nsm
        default: break
        }
        let rtl = (0x0590...0x08FF).contains(v) || (0xFB1D...0xFDFF).contains(v) || (0xFE70...0xFEFF).contains(v)
            || (0x10800...0x10FFF).contains(v) || (0x1E800...0x1EFFF).contains(v)
        switch category {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .spacingMark:
            return rtl ? .r : .l
        case .decimalNumber:
            return .en
        default:
            return rtl && category != .spaceSeparator ? .r : .neutral
        }
    }

    /// The paragraph's base level: 1 when its first strong character is right-to-left, else 0.
    static func paragraphLevel(_ classes: [BidiClass]) -> UInt8 {
        for c in classes {
            if c == .l { return 0 }
            if c == .r { return 1 }
        }
        return 0
    }

    /// The embedding level of each character.
    static func levels(_ input: [BidiClass], paragraph p: UInt8) -> [UInt8] {
        var cls = input
        let n = cls.count
        let sos: BidiClass = p == 1 ? .r : .l
        // W1: marks take the class of the preceding character (the paragraph's at the start)
        for i in 0..<n where cls[i] == .nsm { cls[i] = i == 0 ? sos : cls[i - 1] }
        // W7: a European number whose preceding strong character is L becomes L
        var strong = sos
        for i in 0..<n {
            switch cls[i] {
            case .l, .r: strong = cls[i]
            case .en: if strong == .l { cls[i] = .l }
            default: break
            }
        }
        // N1, N2: neutrals between two characters of the same direction take it (numbers count as R)
        func direction(_ c: BidiClass) -> BidiClass? {
            switch c {
            case .l: return .l
            case .r, .en, .an: return .r
            default: return nil
            }
        }
        var i = 0
        while i < n {
            guard cls[i] == .neutral else { i += 1; continue }
            var j = i
            while j < n && cls[j] == .neutral { j += 1 }
            let before = i == 0 ? sos : (direction(cls[i - 1]) ?? sos)
            let after = j == n ? sos : (direction(cls[j]) ?? sos)
            let resolved: BidiClass = before == after ? before : (p == 1 ? .r : .l)
            for k in i..<j { cls[k] = resolved }
            i = j
        }
        // I1, I2
        return cls.map { c in
            if p == 0 {
                switch c {
                case .r: return 1
                case .en, .an: return 2
                default: return 0
                }
            }
            switch c {
            case .l, .en, .an: return 2
            default: return 1
            }
        }
    }

    /// Rule L2: the visual order of items with the given levels (reverse every maximal run at or
    /// above each level, from the highest down to the lowest odd one).
    static func visualOrder(_ levels: [UInt8]) -> [Int] {
        var order = Array(levels.indices)
        guard let highest = levels.max(), highest > 0 else { return order }
        let lowestOdd = max(1, (levels.min() ?? 0) | 1)
        var level = highest
        while level >= lowestOdd {
            var i = 0
            while i < order.count {
                guard levels[order[i]] >= level else { i += 1; continue }
                var j = i
                while j < order.count && levels[order[j]] >= level { j += 1 }
                order[i..<j].reverse()
                i = j
            }
            level -= 1
        }
        return order
    }
}
