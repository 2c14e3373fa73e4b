// Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2013), one game at a time, as
// lichess rates puzzles: the solver and the puzzle are two players, a solve is the solver's
// win, a failure the puzzle's. Ratings on the Glicko scale (1500, deviation 350 to start).

/** The system constant: how much the volatility may change (Glickman suggests 0.3 to 1.2). */
export const TAU = 0.75;
const SCALE = 173.7178;
const EPSILON = 0.000001;

/** A new player: rating 1500, deviation 350, volatility 0.06. */
export function newRating(rating = 1500, deviation = 350, volatility = 0.06) {
  return { rating, deviation, volatility };
}

const g = (phi) => 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI));

/**
 * The player's new rating after one game against `opponent` with `score` (1 win, 0 loss,
 * 0.5 draw), by the steps of Glickman's paper; `games`, a list of [opponent, score], rates a
 * whole rating period (the paper's worked example is such a period).
 */
export function rate(player, opponent, score) {
  return ratePeriod(player, [[opponent, score]]);
}

export function ratePeriod(player, games) {
  const mu = (player.rating - 1500) / SCALE;
  const phi = player.deviation / SCALE;
  const sigma = player.volatility;
  let vInverse = 0;
  let sum = 0;
  for (const [opponent, score] of games) {
    const muJ = (opponent.rating - 1500) / SCALE;
    const gJ = g(opponent.deviation / SCALE);
    const expected = 1 / (1 + Math.exp(-gJ * (mu - muJ)));
    vInverse += gJ * gJ * expected * (1 - expected);
    sum += gJ * (score - expected);
  }
  const v = 1 / vInverse;
  const delta = v * sum;

  // Step 5: the new volatility (the Illinois algorithm).
  const a = Math.log(sigma * sigma);
  const f = (x) => {
    const ex = Math.exp(x);
    const d = phi * phi + v + ex;
    return (ex * (delta * delta - phi * phi - v - ex)) / (2 * d * d) - (x - a) / (TAU * TAU);
  };
  let A = a;
  let B;
  if (delta * delta > phi * phi + v) {
    B = Math.log(delta * delta - phi * phi - v);
  } else {
    let k = 1;
    while (f(a - k * TAU) < 0) k++;
    B = a - k * TAU;
  }
  let fA = f(A);
  let fB = f(B);
  for (let i = 0; i < 100 && Math.abs(B - A) > EPSILON; i++) {
    const C = A + ((A - B) * fA) / (fB - fA);
    const fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else {
      fA /= 2;
    }
    B = C;
    fB = fC;
  }
  const sigmaNew = Math.exp(A / 2);
  // Steps 6 to 8.
  const phiStar = Math.sqrt(phi * phi + sigmaNew * sigmaNew);
  const phiNew = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const muNew = mu + phiNew * phiNew * sum;
  return {
    rating: 1500 + SCALE * muNew,
    deviation: Math.min(350, SCALE * phiNew),
    volatility: sigmaNew,
  };
}

/** A rating as shown: rounded. */
export function ratingText(r) {
  return String(Math.round(r.rating));
}
