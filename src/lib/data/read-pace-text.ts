// A reading pace in words: '1 letter per second', '1.5 letters per second', or short, '1 letter/s'.
export function lettersPerSecondText(pace: number, form: 'long' | 'short' = 'long'): string {
  const unit = pace === 1 ? 'letter' : 'letters';
  return form === 'short' ? `${pace} ${unit}/s` : `${pace} ${unit} per second`;
}
