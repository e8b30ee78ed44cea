import { describe, expect, test } from 'vitest';
import { isLearningHost, learningOrigin } from '@/lib/host/learning-host.ts';

describe('host rule', () => {
  test('only a first label equal to the learning subdomain serves the app', () => {
    expect(isLearningHost('learn.localhost')).toBe(true);
    expect(isLearningHost('learn.example.com')).toBe(true);
    expect(isLearningHost('LEARN.example.com')).toBe(true);
    expect(isLearningHost('localhost')).toBe(false);
    expect(isLearningHost('www.example.com')).toBe(false);
    expect(isLearningHost('example.com')).toBe(false);
    expect(isLearningHost('learning.example.com')).toBe(false);
    expect(isLearningHost('app.learn.example.com')).toBe(false);
    expect(isLearningHost('study.example.com', 'study')).toBe(true);
  });

  test('the learning origin seen from the marketing host', () => {
    const at = (hostname: string, port = '', protocol = 'https:') => ({ hostname, port, protocol });
    expect(learningOrigin(at('localhost', '5273', 'http:'), 'learn', '')).toBe('http://learn.localhost:5273');
    expect(learningOrigin(at('example.com'), 'learn', '')).toBe('https://learn.example.com');
    expect(learningOrigin(at('www.example.com'), 'learn', '')).toBe('https://learn.example.com');
    expect(learningOrigin(at('learn.example.com'), 'learn', '')).toBe('https://learn.example.com');
    expect(learningOrigin(at('example.com'), 'study', '')).toBe('https://study.example.com');
    expect(learningOrigin(at('example.com'), 'learn', 'https://app.example.org/')).toBe('https://app.example.org');
    // This machine's own IP (what Vite prints) has no labels: its learning host is learn.localhost.
    expect(learningOrigin(at('127.0.0.1', '5173', 'http:'), 'learn', '')).toBe('http://learn.localhost:5173');
    expect(learningOrigin(at('[::1]', '5173', 'http:'), 'learn', '')).toBe('http://learn.localhost:5173');
    // Another machine's IP has no known name: it keeps its own origin.
    expect(learningOrigin(at('192.168.1.20', '5173', 'http:'), 'learn', '')).toBe('http://192.168.1.20:5173');
  });
});
