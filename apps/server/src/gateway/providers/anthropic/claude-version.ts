/**
 * A Claude model's family and version from its name: `claude-<family>-<major>[-<minor>]` since
 * Claude 4, `claude-<major>[-<minor>]-<family>` before, either with a `-<date>` or `-latest`.
 */
export function claudeVersion(model: string): { family: string; version: number } | undefined {
  const current = CURRENT.exec(model);
  if (current) return { family: current[1] as string, version: version(current[2], current[3]) };
  const older = OLDER.exec(model);
  if (older) return { family: older[3] as string, version: version(older[1], older[2]) };
  return undefined;
}

const CURRENT = /^claude-(opus|sonnet|haiku)-(\d+)(?:-(\d))?(?:-\d{8}|-latest)?$/;
const OLDER = /^claude-(\d+)(?:-(\d))?-(opus|sonnet|haiku)(?:-\d{8}|-latest)?$/;

const version = (major: string | undefined, minor: string | undefined) =>
  Number(major) + Number(minor ?? 0) / 10;

/**
 * Whether a Claude model takes temperature and top_p together: Claude 3.x and the first Claude 4
 * models (Opus 4, Sonnet 4) do; Opus 4.1, the 4.5 line and later refuse both at once (Anthropic's
 * 400 "`temperature` and `top_p` cannot both be specified for this model"). A name with no version
 * the gateway can read is treated as recent (decision 230).
 */
export function takesBothSamplers(model: string): boolean {
  const version = claudeVersion(model)?.version;
  return version !== undefined && version < 4.1;
}
