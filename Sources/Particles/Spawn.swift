// Where a particle starts and how it moves: a spawn point on the emitter's shape and mode, an
// emission direction uniform over a 3D cone, and closed-form motion p(a) = p0 + v·a + ½·acc·a².
// Everything is drawn from the particle's key (Random.swift), and uses only IEEE arithmetic, sqrt
// and StableMath's sine and cosine (plus a Newton cube root), so it is bit-identical everywhere.

import CalcCore

/// A particle's initial state: everything that does not change with its age.
struct Kinematics: Sendable {
    var p0: Vec3, v: Vec3, acc: Vec3

    @inline(__always)
    func position(at a: Double) -> Vec3 {
        let h = 0.5 * a * a
        return Vec3(x: p0.x + v.x * a + acc.x * h, y: p0.y + v.y * a + acc.y * h, z: p0.z + v.z * a + acc.z * h)
    }
}

extension CellNode {
    /// The lifetime of the particle with this key: uniform in lifeMean ± lifeRange, never negative.
    @inline(__always)
    func lifetime(_ key: UInt64) -> Double {
        lifeRange == 0 ? lifeMean : max(0, lifeMean + lifeRange * ParticleHash.signed(key, .lifetime))
    }

    /// Initial position (given), velocity (speed along a direction in the cone) and acceleration.
    func kinematics(_ key: UInt64, origin: Vec3) -> Kinematics {
        let speed = velRange == 0 ? velMean : velMean + velRange * ParticleHash.signed(key, .velocity)
        var d = dir
        if oneMinusCosHalf > 0 {
            // Uniform over the spherical cap: cos θ uniform in [cos half, 1], φ uniform in [0, 2π).
            let cosT = 1 - ParticleHash.unit(key, .coneAngle) * oneMinusCosHalf
            let sinT = max(0, 1 - cosT * cosT).squareRoot()
            let (sP, cP) = StableMath.sinCos(2 * Double.pi * ParticleHash.unit(key, .conePhase))
            let a = sinT * cP, b = sinT * sP
            d = Vec3(x: dir.x * cosT + e1.x * a + e2.x * b,
                     y: dir.y * cosT + e1.y * a + e2.y * b,
                     z: dir.z * cosT + e1.z * a + e2.z * b)
        }
        return Kinematics(p0: origin, v: Vec3(x: d.x * speed, y: d.y * speed, z: d.z * speed), acc: acc)
    }

    /// The particle's state at `age`, for a particle that is alive.
    func particle(_ key: UInt64, kin: Kinematics, age: Double, life: Double, birth: Double, cell: Int) -> Particle {
        let p = kin.position(at: age)
        let s0 = scaleRange == 0 ? scaleMean : scaleMean + scaleRange * ParticleHash.signed(key, .scale)
        let spinRate = spinRange == 0 ? spinMean : spinMean + spinRange * ParticleHash.signed(key, .spin)
        @inline(__always)
        func channel(_ base: Double, _ range: Double, _ speed: Double, _ param: ParticleHash.Param) -> Double {
            let c0 = range == 0 ? base : clamped(base + range * ParticleHash.signed(key, param), 0, 1)
            return clamped(c0 + speed * age, 0, 1)
        }
        let color = Color(channel(color.0, colorRange.0, colorSpeed.0, .red),
                          channel(color.1, colorRange.1, colorSpeed.1, .green),
                          channel(color.2, colorRange.2, colorSpeed.2, .blue),
                          channel(color.3, colorRange.3, colorSpeed.3, .alpha))
        return Particle(position: Point(p.x, p.y), z: p.z, scale: max(0, scaleMul * (s0 + scaleSpeed * age)),
                        rotation: spinRate * age, color: color, cell: cell, age: age, lifetime: life,
                        birthTime: birth, id: key)
    }
}

extension Geometry {
    /// A spawn point on the emitter's shape for the particle with this key (see docs/particles.md
    /// for the reading of each shape and mode).
    func spawnPoint(_ key: UInt64) -> Vec3 {
        let o = offset(key)
        return Vec3(x: position.x + o.x, y: position.y + o.y, z: position.z + o.z)
    }

    private func offset(_ key: UInt64) -> Vec3 {
        let (w, h, d) = size
        let u1 = ParticleHash.unit(key, .spawn1), u2 = ParticleHash.unit(key, .spawn2)
        let u3 = ParticleHash.unit(key, .spawn3), u4 = ParticleHash.unit(key, .spawn4)
        @inline(__always) func sign(_ u: Double) -> Double { u < 0.5 ? -0.5 : 0.5 }
        switch shape {
        case .point:
            return .zero
        case .line:
            if mode == .points { return Vec3(x: sign(u1) * w, y: 0, z: 0) }
            return Vec3(x: (u1 - 0.5) * w, y: 0, z: 0)
        case .rectangle:
            switch mode {
            case .points:
                return Vec3(x: sign(u1) * w, y: sign(u2) * h, z: 0)
            case .outline:
                return Vec3(perimeterPoint(u1, w, h), z: 0)
            case .surface, .volume:
                return Vec3(x: (u1 - 0.5) * w, y: (u2 - 0.5) * h, z: 0)
            }
        case .cuboid:
            switch mode {
            case .points:
                return Vec3(x: sign(u1) * w, y: sign(u2) * h, z: sign(u3) * d)
            case .outline:
                // One of the 12 edges, weighted by length: pick the axis, then one of its 4 edges.
                let total = w + h + d
                guard total > 0 else { return .zero }
                let s = u1 * total, along = u4 - 0.5
                if s < w { return Vec3(x: along * w, y: sign(u2) * h, z: sign(u3) * d) }
                if s < w + h { return Vec3(x: sign(u2) * w, y: along * h, z: sign(u3) * d) }
                return Vec3(x: sign(u2) * w, y: sign(u3) * h, z: along * d)
            case .surface:
                // One of the 6 faces, weighted by area: pick the face normal's axis, then its side.
                let xy = w * h, xz = w * d, yz = h * d, total = xy + xz + yz
                guard total > 0 else { return Vec3(x: (u2 - 0.5) * w, y: (u3 - 0.5) * h, z: (u4 - 0.5) * d) }
                let s = u1 * total
                let side = sign(u4)
                let a = u2 - 0.5, b = u3 - 0.5
                if s < xy { return Vec3(x: a * w, y: b * h, z: side * d) }
                if s < xy + xz { return Vec3(x: a * w, y: side * h, z: b * d) }
                return Vec3(x: side * w, y: a * h, z: b * d)
            case .volume:
                return Vec3(x: (u1 - 0.5) * w, y: (u2 - 0.5) * h, z: (u3 - 0.5) * d)
            }
        case .circle:
            let r = w / 2
            let (s, c) = StableMath.sinCos(2 * Double.pi * u1)
            switch mode {
            case .points: return .zero
            case .outline: return Vec3(x: r * c, y: r * s, z: 0)
            case .surface, .volume:
                let rr = r * u2.squareRoot()
                return Vec3(x: rr * c, y: rr * s, z: 0)
            }
        case .sphere:
            let r = w / 2
            let z = 2 * u1 - 1, ring = max(0, 1 - z * z).squareRoot()
            let (s, c) = StableMath.sinCos(2 * Double.pi * u2)
            switch mode {
            case .points: return .zero
            case .outline, .surface: return Vec3(x: r * ring * c, y: r * ring * s, z: r * z)
            case .volume:
                let rr = r * cubeRoot(u3)
                return Vec3(x: rr * ring * c, y: rr * ring * s, z: rr * z)
            }
        }
    }

    /// A point on the rectangle's outline at arc length u·perimeter, clockwise from the top-left
    /// corner in y-down coordinates.
    private func perimeterPoint(_ u: Double, _ w: Double, _ h: Double) -> (x: Double, y: Double) {
        let p = 2 * (w + h)
        guard p > 0 else { return (0, 0) }
        let s = u * p
        if s < w { return (-w / 2 + s, -h / 2) }
        if s < w + h { return (w / 2, -h / 2 + (s - w)) }
        if s < 2 * w + h { return (w / 2 - (s - w - h), h / 2) }
        return (-w / 2, h / 2 - (s - 2 * w - h))
    }
}

extension Vec3 {
    init(_ p: (x: Double, y: Double), z: Double) { self.init(x: p.x, y: p.y, z: z) }
}

/// ∛u for u in [0, 1] by Newton's method from a power-of-two first guess: libm's cbrt is not
/// guaranteed to round the same way everywhere, and this uses only IEEE +, −, ×, ÷.
func cubeRoot(_ u: Double) -> Double {
    guard u > 0 else { return 0 }
    guard u < 1 else { return 1 }
    var x = Double(sign: .plus, exponent: u.exponent / 3, significand: 1)
    for _ in 0..<8 { x -= (x * x * x - u) / (3 * x * x) }
    return x
}
