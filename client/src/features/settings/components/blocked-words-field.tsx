import { useState } from 'react';
import { LIMITS } from '#shared/constants';
import { TextArea } from '#client/components/ui/field';

/**
 * The comment settings' blocked words, one a line (docs/decisions/066-comment-moderation.md). The text stays as typed
 * (a new empty line while typing); the list it stands for leaves out blank lines.
 */
export function BlockedWordsField({ value, error, onChange }: { value: string[]; error?: string; onChange(words: string[]): void }) {
  const [text, setText] = useState(value.join('\n'));
  return (
    <TextArea
      label="Blocked words"
      rows={5}
      value={text}
      error={error}
      hint={`One word or phrase a line (at most ${LIMITS.blockedWordsMax}). A comment holding one, whole, in any case, is held for a moderator instead of shown.`}
      onChange={(e) => {
        setText(e.target.value);
        onChange(
          e.target.value
            .split('\n')
            .map((w) => w.trim())
            .filter(Boolean),
        );
      }}
    />
  );
}
