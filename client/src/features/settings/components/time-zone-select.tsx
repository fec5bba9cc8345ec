import { useMemo } from 'react';
import { Select } from '#client/components/ui/field';

/** Every IANA time zone this browser knows, UTC first. */
function timeZones(): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...zones.filter((z) => z !== 'UTC')];
}

/** The newsroom's time zone, from every zone the browser knows (a stored one it does not know stays on the list). */
export function TimeZoneSelect({ value, error, onChange }: { value: string; error?: string; onChange(zone: string): void }) {
  const zones = useMemo(timeZones, []);
  return (
    <Select label="Time zone" value={value} onChange={(e) => onChange(e.target.value)} error={error}>
      {(zones.includes(value) ? zones : [value, ...zones]).map((z) => (
        <option key={z} value={z}>
          {z.replaceAll('_', ' ')}
        </option>
      ))}
    </Select>
  );
}
