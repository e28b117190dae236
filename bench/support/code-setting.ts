// Decision 200's setting form for the index benches: "codes/48" scans 128-bit codes and re-scores
// the 48 nearest with the full vectors (CodeScanPartition) instead of a graph.

/** The code-scan options a setting names, or undefined for a graph setting. */
export function codeSetting(setting: string): { codeCandidates: number } | undefined {
  const m = /^codes\/(\d+)$/.exec(setting);
  return m ? { codeCandidates: Number(m[1]) } : undefined;
}
