// A user reads a threshold of 0.95 as "hit only what is really the same question". A raw cosine
// of 0.95 from the local embedder means "almost the same words": most real rewordings score
// 0.75-0.95 and would never hit. Calibration maps the raw cosine onto the scale users set, so the
// default threshold accepts what the eval showed to be safe once the guards have run.

/** Maps a raw cosine onto the threshold scale; monotone, so neighbour order is kept. */
export type Calibration = (cosine: number) => number;

/**
 * Piecewise linear: `rawAtDefault` maps to `atDefault`, 1 stays 1, 0 stays 0. Both pieces are
 * straight so a threshold moves the raw cut predictably (0.90 ≈ raw 0.71 when 0.75 maps to 0.95).
 */
export function linearCalibration(rawAtDefault: number, atDefault = 0.95): Calibration {
  return (cosine) => {
    if (cosine >= rawAtDefault)
      return atDefault + ((cosine - rawAtDefault) * (1 - atDefault)) / (1 - rawAtDefault);
    return Math.max(0, (cosine * atDefault) / rawAtDefault);
  };
}
