import type { WeatherHour, WeatherUnavailableReason } from '@harbor/contracts';

/**
 * A forecast source. Adapters answer whole hours from `from` on, in UTC; a
 * figure the source does not have is null. They throw ProviderError when
 * the source cannot be used, so the service can say why instead of guessing.
 */
export interface WeatherProvider {
  readonly name: string;
  hourly(lat: number, lon: number, signal: AbortSignal): Promise<WeatherHour[]>;
}

export class ProviderError extends Error {
  constructor(
    readonly reason: Exclude<WeatherUnavailableReason, 'disabled'>,
    message: string,
  ) {
    super(message);
  }
}
