import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callBackground } from '@/lib/messaging/client';
import { useAccountsStore, windowParams } from './accounts-store';
import { systemClock } from '@/lib/clock';
import { accountKeys, windowKey } from './query-keys';

/** The open ad of the account with its metrics over the chosen window. */
export function useAccountAd(accountId: string) {
  const view = useAccountsStore();
  const adId = view.openAdId ?? '';
  const window = windowParams(view);
  return useQuery({
    queryKey: accountKeys.ad(accountId, adId, windowKey(window, new Date(systemClock())), view.metrics),
    queryFn: ({ signal }) =>
      callBackground('accounts.ad', { accountId, adId, window, metrics: view.metrics }, { signal }),
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
  const transcribe = useMutation({
    mutationFn: () => callBackground('accounts.transcribe', { accountId, videoId }),
    onSuccess: (transcript) => queryClient.setQueryData(key, transcript),
  });
  return { cached, transcribe };
}
