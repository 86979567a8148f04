/**
 * The out-of-date and scheduled-maintenance banners, driven by GET /api/app/status (on start and every
 * 3 minutes). A dismissed maintenance notice stays dismissed for that date only.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Button from '@cloudscape-design/components/button';
import type { FlashbarProps } from '@cloudscape-design/components/flashbar';
import { APP_STATUS_POLL_MS, CLIENT_VERSION } from '../../../shared/constants';
import { formatDisplayDate } from '../../../shared/format';
import { call } from '../api/client';
import { isNewerVersion } from './app-version';

const DISMISSED_KEY = 'alp.maintenance-dismissed';

export function maintenanceText(date: Date): string {
  const time = date.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });
  return `Planned maintenance is scheduled for ${formatDisplayDate(date)} at ${time}. This should take less than 15 minutes. `
    + 'We apologize for any inconvenience.';
}

/** GET /api/app/status, polled: the version, planned maintenance and the program's contact. */
export function useAppStatus() {
  return useQuery({
    queryKey: ['app-status'],
    queryFn: () => call('GET /api/app/status'),
    refetchInterval: APP_STATUS_POLL_MS,
    refetchIntervalInBackground: true,
  });
}

export function useStatusBanners(): FlashbarProps.MessageDefinition[] {
  const { data } = useAppStatus();
  const [dismissed, setDismissed] = useState(() => localStorage.getItem(DISMISSED_KEY));
  const banners: FlashbarProps.MessageDefinition[] = [];
  if (!data) return banners;

  if (isNewerVersion(data.version, CLIENT_VERSION)) {
    banners.push({
      id: 'out-of-date',
      type: 'info',
      content: 'Application has been updated. Please refresh to update.',
      action: <Button onClick={() => window.location.reload()}>Reload</Button>,
    });
  }

  const planned = data.scheduled_maintenance_date;
  const plannedAt = planned ? new Date(planned) : null;
  if (planned && plannedAt && plannedAt.getTime() > Date.now() && dismissed !== planned) {
    banners.push({
      id: 'maintenance',
      type: 'warning',
      content: maintenanceText(plannedAt),
      dismissible: true,
      dismissLabel: 'Dismiss maintenance notice',
      onDismiss: () => {
        localStorage.setItem(DISMISSED_KEY, planned);
        setDismissed(planned);
      },
    });
  }
  return banners;
}
