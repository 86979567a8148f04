/** Toast messages (spec: normal and error types, shown for 3 seconds) as Cloudscape flash items. */
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
    setTimeout(dismiss, TOAST_MS);
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
