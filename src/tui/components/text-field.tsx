/** A one-line text field with a block cursor: printable keys type, Backspace deletes, Enter submits. */
import { Text } from 'ink';
import { useKeys } from '../keys.js';

interface TextFieldProps {
  value: string;
  onChange(value: string): void;
  onSubmit(value: string): void;
  placeholder: string;
}

export function TextField({ value, onChange, onSubmit, placeholder }: TextFieldProps) {
  useKeys((input, key) => {
    if (key.return) onSubmit(value);
    else if (key.backspace || key.delete) onChange([...value].slice(0, -1).join(''));
    else if (!key.ctrl && !key.meta && !key.escape && !key.tab && input >= ' ') onChange(value + input);
  });
  return value === '' ? (
    <Text>
      <Text inverse> </Text>
      <Text dimColor>{placeholder}</Text>
    </Text>
  ) : (
    <Text>
      {value}
      <Text inverse> </Text>
    </Text>
  );
}
