//! The random draws of a search (Dirichlet noise, Gumbel noise) and Gumbel search's schedule of
//! root visits, each from the tree's own seeded generator.

use fastrand::Rng;

/// A uniform draw in the open interval (0, 1): 53 random bits and a half, so neither end occurs.
#[inline]
pub(crate) fn open_unit(rng: &mut Rng) -> f64 {
    ((rng.u64(..) >> 11) as f64 + 0.5) / (1u64 << 53) as f64
}

/// A standard normal draw (Box-Muller).
fn normal(rng: &mut Rng) -> f64 {
    let (u1, u2) = (open_unit(rng), open_unit(rng));
    (-2.0 * u1.ln()).sqrt() * (std::f64::consts::TAU * u2).cos()
}

/// A Gamma(`shape`, 1) draw (Marsaglia and Tsang; shapes below 1 by the `U^(1/shape)` boost).
pub(crate) fn gamma(rng: &mut Rng, shape: f64) -> f64 {
    if shape < 1.0 {
        let boost = open_unit(rng).powf(1.0 / shape);
        return gamma(rng, shape + 1.0) * boost;
    }
    let d = shape - 1.0 / 3.0;
    let c = 1.0 / (9.0 * d).sqrt();
    loop {
        let x = normal(rng);
        let v = 1.0 + c * x;
        if v <= 0.0 {
            continue;
        }
        let v = v * v * v;
        let u = open_unit(rng);
        if u < 1.0 - 0.0331 * x.powi(4) || u.ln() < 0.5 * x * x + d * (1.0 - v + v.ln()) {
            return d * v;
        }
    }
}

/// A Dirichlet(`alpha`, ..., `alpha`) draw written into `out` (which sets its dimension).
pub(crate) fn dirichlet(rng: &mut Rng, alpha: f64, out: &mut [f32]) {
    let uniform = 1.0 / out.len().max(1) as f32;
    let mut sum = 0.0;
    let draws: Vec<f64> = out
        .iter()
        .map(|_| {
            let g = gamma(rng, alpha);
            sum += g;
            g
        })
        .collect();
    for (o, g) in out.iter_mut().zip(draws) {
        // Tiny shapes can round every draw to 0: then the noise is uniform.
        *o = if sum > 0.0 { (g / sum) as f32 } else { uniform };
    }
}

/// A standard Gumbel draw, `-ln(-ln U)`.
#[inline]
pub(crate) fn gumbel(rng: &mut Rng) -> f32 {
    (-(-open_unit(rng).ln()).ln()) as f32
}

/// Gumbel search's root schedule (sequential halving): for each of `simulations` simulations,
/// the visit count an action must have to be chosen at the root. `considered` actions are
/// visited in turn, about `simulations / (log2(considered) * considered)` times each, then the
/// better half of them, and so on down to two.
pub(crate) fn considered_visits(considered: usize, simulations: usize) -> Vec<u32> {
    if considered <= 1 {
        return (0..simulations as u32).collect();
    }
    let log2 = (considered as f64).log2().ceil() as usize;
    let mut sequence = Vec::with_capacity(simulations);
    let mut visits = vec![0u32; considered];
    let mut num = considered;
    while sequence.len() < simulations {
        let extra = (simulations / (log2 * num)).max(1);
        for _ in 0..extra {
            sequence.extend_from_slice(&visits[..num]);
            for v in &mut visits[..num] {
                *v += 1;
            }
        }
        num = (num / 2).max(2);
    }
    sequence.truncate(simulations);
    sequence
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gamma_draws_have_the_shapes_mean_and_variance() {
        // Gamma(k, 1) has mean k and variance k.
        for shape in [0.03, 0.3, 1.0, 4.5] {
            let mut rng = Rng::with_seed(5);
            let n = 200_000;
            let draws: Vec<f64> = (0..n).map(|_| gamma(&mut rng, shape)).collect();
            let mean = draws.iter().sum::<f64>() / n as f64;
            let var = draws.iter().map(|d| (d - mean).powi(2)).sum::<f64>() / n as f64;
            assert!(
                (mean - shape).abs() < 0.02 * shape.max(0.3),
                "{shape}: mean {mean}"
            );
            assert!(
                (var - shape).abs() < 0.08 * shape.max(0.3),
                "{shape}: var {var}"
            );
        }
    }

    #[test]
    fn dirichlet_draws_sum_to_one() {
        let mut rng = Rng::with_seed(9);
        let mut out = [0.0f32; 40];
        for alpha in [0.01, 0.3, 2.0] {
            dirichlet(&mut rng, alpha, &mut out);
            let sum: f32 = out.iter().sum();
            assert!((sum - 1.0).abs() < 1e-4 && out.iter().all(|&p| p >= 0.0));
        }
    }

    #[test]
    fn gumbel_draws_have_the_euler_mascheroni_mean() {
        let mut rng = Rng::with_seed(3);
        let n = 200_000;
        let mean = (0..n).map(|_| gumbel(&mut rng) as f64).sum::<f64>() / n as f64;
        assert!((mean - 0.577_215_66).abs() < 0.01, "{mean}");
    }

    #[test]
    fn the_halving_schedule_visits_each_considered_action_then_the_better_half() {
        // 4 actions, 12 simulations: log2(4) = 2, so 12 / (2 * 4) = 1 round of the 4 actions,
        // then 12 / (2 * 2) = 3 rounds of the best 2, then rounds of 2 until 12.
        assert_eq!(
            considered_visits(4, 12),
            vec![0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4]
        );
        assert_eq!(considered_visits(1, 3), vec![0, 1, 2]);
        assert_eq!(considered_visits(16, 0), Vec::<u32>::new());
    }
}
