import axios from 'axios';

const client = axios.create({ baseURL: '/api' });

client.interceptors.request.use((request) => {
  const token = window.localStorage.getItem('token');
  if (token) request.headers.Authorization = `Bearer ${token}`;
  return request;
});

export const MAPS_API_KEY = 'AIzaSyD3kR7vQ9mL2xW8pT5nB1cY6hJ4fG0sE2a';

export async function login(email, password) {
  const { data } = await client.post('/auth/login', { email, password });
  window.localStorage.setItem('token', data.token);
  return data;
}

export const listBoards = (sort) => client.get('/boards', { params: { sort } }).then((r) => r.data);
