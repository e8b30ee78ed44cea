import { basename } from 'node:path';
import { alphabetRecordingSchema } from '../recordings/alphabet_recording_schema.ts';
import { landmarkFixtureSchema, LANDMARK_FIXTURE_FORMAT } from '../recordings/landmark_fixture_schema.ts';
import { alphabetSource, fixtureSource, type LandmarkSource } from '../recordings/landmark_source.ts';
import { describeIssues, readJsonFile } from './read_json_file.ts';

/**
 * Reads a landmark file: either a hand-only recording as in data/asl-alphabet/*.json,
 * or an engine landmark fixture ("format": "signlearn-landmarks/1"). Errors name the file.
 */
export async function loadLandmarkSource(path: string): Promise<LandmarkSource> {
  const value = await readJsonFile(path);
  const name = basename(path).replace(/\.json$/i, '');
  if (value !== null && typeof value === 'object' && 'format' in value) {
    const parsed = landmarkFixtureSchema.safeParse(value);
    if (!parsed.success) throw new Error(`${path}: not a valid ${LANDMARK_FIXTURE_FORMAT} fixture: ${describeIssues(parsed.error.issues)}`);
    return fixtureSource(name, parsed.data);
  }
  const parsed = alphabetRecordingSchema.safeParse(value);
  if (!parsed.success) {
    throw new Error(`${path}: not a landmark file (expected {sign, frames: [[63 numbers], ...]} or a ${LANDMARK_FIXTURE_FORMAT} fixture): ${describeIssues(parsed.error.issues)}`);
  }
  return alphabetSource(parsed.data.sign, parsed.data);
}
