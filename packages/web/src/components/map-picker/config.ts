import type { MapConfig } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/shell/call';

/**
 * The map service of the system settings (`/sysConfig/map`), shared by every map of the app
 * (the address dialog, the user-location map) so they choose tiles and fall back alike.
 */
export function useMapConfig(enabled = true) {
  return useQuery({
    queryKey: ['sysConfig', 'map'],
    queryFn: () => call('/sysConfig/map', undefined, { silent: true }),
    enabled,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** A live map needs a provider and its key; without them the maps fall back (no tiles are tried). */
export const mapConfigured = (config: MapConfig | undefined): boolean => Boolean(config?.mapProvider && config.mapKey);
