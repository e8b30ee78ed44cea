import { peopleHandsBySign, peopleHandsSchema } from '../recordings/people_hands_schema.ts';
import type { PersonHand } from '../handshape/build_handshape_models.ts';
import { describeIssues, readJsonFile } from './read_json_file.ts';

/** Other people's hands by sign, from a people-hands file (recordings/people_hands_schema.ts). */
export async function loadPeopleHands(path: string): Promise<Map<string, PersonHand[]>> {
  const parsed = peopleHandsSchema.safeParse(await readJsonFile(path));
  if (!parsed.success) throw new Error(`${path}: not a people-hands file ({format: "signlearn-people-hands/1", made, hands: [...]}): ${describeIssues(parsed.error.issues)}`);
  return peopleHandsBySign(parsed.data);
}
