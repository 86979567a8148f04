/**
 * Toast messages as Cloudscape flash items. The spec shows both types for 3 seconds; an error stays
 * until the user dismisses it (issue 24: a refusal that vanished while the user looked at the table
 * told nobody what happened; docs/decisions.md).
 */
import { createContext, useCallback, useContext, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import type { FlashbarProps } from '@cloudscape-design/components/flashbar';
import { TOAST_MS } from '../../../shared/constants';

export type ToastType = 'normal' | 'error';
type ShowToast = (content: string, type?: ToastType) => void;

const ShowToastContext = createContext<ShowToast | null>(null);
const ToastItemsContext = createContext<FlashbarProps.MessageDefinition[]>([]);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<FlashbarProps.MessageDefinition[]>([]);
  const nextId = useRef(0);

  const show = useCallback<ShowToast>((content, type = 'normal') => {
    const id = `toast-${nextId.current++}`;
    const dismiss = () => setItems((list) => list.filter((item) => item.id !== id));
    setItems((list) => [
      ...list,
      {
        id,
        type: type === 'error' ? 'error' : 'success',
        content,
        dismissible: true,
        dismissLabel: 'Dismiss message',
        onDismiss: dismiss,
      },
    ]);
    if (type !== 'error') setTimeout(dismiss, TOAST_MS);
  }, []);

  return (
    <ShowToastContext.Provider value={show}>
      <ToastItemsContext.Provider value={items}>{children}</ToastItemsContext.Provider>
    </ShowToastContext.Provider>
  );
}

export function useToast(): ShowToast {
  const show = useContext(ShowToastContext);
  if (!show) throw new Error('useToast must be used inside <ToastProvider>');
  return show;
}

export function useToastItems(): FlashbarProps.MessageDefinition[] {
  return useContext(ToastItemsContext);
}
