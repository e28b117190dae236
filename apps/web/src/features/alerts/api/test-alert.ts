import { useMutation } from '@tanstack/react-query';
import { endpoints, type TestNotificationResponse } from '@tokenwise/contracts';
import { callEndpoint } from '../../../lib/api-client.ts';

export function testAlert(id: string): Promise<TestNotificationResponse> {
  return callEndpoint(endpoints.alerts.test, { params: { id } });
}

export function useTestAlert() {
  return useMutation({ mutationFn: testAlert });
}
