// @ts-nocheck
// A Vue composable: it runs in the browser, which checks certificates itself and ignores Node's TLS options.
import { ref } from 'vue';
import { io } from 'socket.io-client';

export function useSocket(url: string) {
  const connected = ref(false);
  // ok: js.crypto.tls-verify-disabled
  const socket = io(url, { rejectUnauthorized: false });
  socket.on('connect', () => (connected.value = true));
  return { socket, connected };
}
