import { useMutation, useMutationState, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MetricEntry } from '@/lib/contract/ad-accounts';
import { callBackground } from '@/lib/messaging/client';
import { useAccountsStore, windowParams } from './accounts-store';
import { systemClock } from '@/lib/clock';
import { accountKeys, windowKey } from './query-keys';
import { inCatalogue } from './use-account-report';

/** The open ad of the account with its metrics over the chosen window: those of the added metrics its catalogue lists. */
export function useAccountAd(accountId: string, catalogue: readonly MetricEntry[]) {
  const view = useAccountsStore();
  const adId = view.openAdId ?? '';
  const window = windowParams(view);
  const metrics = inCatalogue(view.metrics, catalogue);
  return useQuery({
    queryKey: accountKeys.ad(accountId, adId, windowKey(window, new Date(systemClock())), metrics),
    queryFn: ({ signal }) => callBackground('accounts.ad', { accountId, adId, window, metrics }, { signal }),
  });
}

/** A video's cached transcript (free to read) and the paid transcription, whose answer fills that cache. */
export function useTranscript(accountId: string, videoId: string) {
  const queryClient = useQueryClient();
  const key = accountKeys.transcript(accountId, videoId);
  const cached = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => callBackground('accounts.transcript', { accountId, videoId }, { signal }),
  });
  const mutationKey = ['accounts.transcribe', accountId, videoId];
  const transcribe = useMutation({
    mutationKey,
    mutationFn: () => callBackground('accounts.transcribe', { accountId, videoId }),
    onSuccess: (transcript) => queryClient.setQueryData(key, transcript),
    // Its failure outlives the view: an answer lost (the work may still be running) is still said when the ad is opened again.
    gcTime: 30 * 60_000,
  });
  // The last transcription of this video asked from this panel, whether or not this view asked it.
  const last = useMutationState({ filters: { mutationKey }, select: (mutation) => mutation.state }).at(-1);
  return { cached, transcribe, lastError: last?.status === 'error' ? last.error : null };
}
