import { useMutation } from '@tanstack/react-query';
import { MapPin } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { TOAST_TIMEOUT_MS, type GeocodeResult } from '@storekeep/contracts';
import { api } from '../../api/client';
import { Button } from '../../components/ui';
import { invalidateRecords } from './queries';
import { useAppConfig } from './use-app-config';

/**
 * For admins when address look-up is on: finds coordinates for stores saved without them (so the dashboard map
 * shows them), a batch per request until none remain, and says which addresses were not found.
 */
export function GeocodeButton() {
  const { t } = useTranslation();
  const config = useAppConfig();
  const run = useMutation({
    mutationFn: async () => {
      let afterId = 0;
      let updated = 0;
      const failed: GeocodeResult['failed'] = [];
      for (;;) {
        const { data } = await api.post<{ data: GeocodeResult }>('/stores/geocode', { after_id: afterId });
        updated += data.updated;
        failed.push(...data.failed);
        if (data.remaining === 0 || data.next_after_id === afterId) break;
        afterId = data.next_after_id;
      }
      return { updated, failed };
    },
    onSuccess: async ({ updated, failed }) => {
      await invalidateRecords();
      toast.success(t('records.geocode.done', { count: updated }), { duration: TOAST_TIMEOUT_MS });
      if (failed.length)
        toast.error(
          t('records.geocode.failed', {
            count: failed.length,
            names: failed
              .slice(0, 3)
              .map((f) => f.name)
              .join(', '),
          }),
        );
    },
  });
  if (!config.data?.maps_api_key) return null;
  return (
    <Button
      color="white"
      loading={run.isPending}
      icon={<MapPin className="size-4" aria-hidden="true" />}
      onClick={() => run.mutate()}
    >
      {t('records.geocode.button')}
    </Button>
  );
}
