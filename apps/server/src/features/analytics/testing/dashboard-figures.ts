import type { signUpSubscribed } from '../../../testing/test-server.ts';

type Api = Awaited<ReturnType<typeof signUpSubscribed>>['api'];

/** Every figure the dashboard draws from rollups, for old and recent periods alike. */
export async function dashboardFigures(api: Api) {
  const analytics = async (range: string) => {
    const { stats, comparison, chart } = (await api('GET', `/v1/analytics?time_range=${range}`))
      .body;
    return { stats, comparison, chart };
  };
  return {
    all: await analytics('all'),
    d90: await analytics('90d'),
    d30: await analytics('30d'),
    models: (await api('GET', '/v1/analytics/models?time_range=90d')).body,
    providers: (await api('GET', '/v1/analytics/providers?time_range=90d')).body,
    savings: (await api('GET', '/v1/savings?range=90d')).body,
  };
}
