import { beforeEach } from 'vitest';
import { dumpPagesOnFailure } from './diagnostics.ts';

beforeEach((context) => dumpPagesOnFailure(context));
