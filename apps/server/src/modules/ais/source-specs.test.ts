import { describe, expect, it } from 'vitest';
import { parseSourceSpecs, SourceSpecError } from './source-specs.ts';

describe('AIS_SOURCE', () => {
  it('parses every kind, several at once', () => {
    expect(parseSourceSpecs('digitraffic,tcp://10.0.0.5:10110,tcp-listen://:5631,udp://:10110,replay:/data/x.nmea?speed=0&keepTime=1,simulator?ships=200000,simulator?ships=20000&rate=10')).toEqual([
      { kind: 'digitraffic', name: 'digitraffic' },
      { kind: 'tcp', name: 'tcp://10.0.0.5:10110', host: '10.0.0.5', port: 10110 },
      { kind: 'tcp-listen', name: 'tcp-listen://:5631', host: '', port: 5631 },
      { kind: 'udp', name: 'udp://:10110', host: '', port: 10110 },
      { kind: 'replay', name: 'replay:/data/x.nmea?speed=0&keepTime=1', file: '/data/x.nmea', speed: 0, keepTime: true },
      { kind: 'simulator', name: 'simulator?ships=200000', ships: 200000, seed: 1, rate: 1 },
      { kind: 'simulator', name: 'simulator?ships=20000&rate=10', ships: 20000, seed: 1, rate: 10 },
    ]);
    expect(parseSourceSpecs('replay:a.nm4')).toMatchObject([{ speed: 1, keepTime: false }]);
    expect(parseSourceSpecs('none')).toEqual([]);
  });

  it('refuses what it cannot run, with the reason', () => {
    for (const bad of ['tcp://:10110', 'udp://:99999', 'replay:', 'simulator?ships=0', 'simulator?ships=x', 'simulator?rate=0', 'simulator?rate=1000', 'kafka://x:1', 'replay:x?speed=-1']) {
      expect(() => parseSourceSpecs(bad), bad).toThrow(SourceSpecError);
    }
  });
});
