import { Random } from '../random';
import { createWorkspaces, type WorkspaceRecord } from './workspaces';

export interface DemoData {
  seed: number;
  workspaces: WorkspaceRecord[];
}

/** Builds all demo data from one seed; each area draws from its own fork of the generator. */
export function createDemoData(seed: number): DemoData {
  const random = new Random(seed);
  return { seed, workspaces: createWorkspaces(random.fork('workspaces')) };
}

export type { OwnedBrandRecord, WorkspaceRecord } from './workspaces';
