/** A one-line text field with a block cursor: printable keys type, Backspace deletes, Enter submits. */
import { Text } from 'ink';
import { useLayoutEffect, useRef } from 'react';
import { useKeys } from '../keys.js';

interface TextFieldProps {
  value: string;
  onChange(value: string): void;
  onSubmit(value: string): void;
  placeholder: string;
}

export function TextField({ value, onChange, onSubmit, placeholder }: TextFieldProps) {
  // Keys read in one chunk arrive before a re-render: edit the latest text, not the rendered one.
  const text = useRef(value);
  useLayoutEffect(() => {
    text.current = value;
  }, [value]);
  const edit = (next: string) => {
    text.current = next;
    onChange(next);
  };
  useKeys((input, key) => {
    if (key.return) onSubmit(text.current);
    else if (key.backspace || key.delete) edit([...text.current].slice(0, -1).join(''));
    else if (!key.ctrl && !key.meta && !key.escape && !key.tab && input >= ' ') edit(text.current + input);
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
