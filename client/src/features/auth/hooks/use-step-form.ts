import type { UseMutationResult } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Resolver } from 'react-hook-form';
import { problemFrom } from '#client/lib/errors';
import { FORM_OPTIONS } from '#client/lib/form-options';

export type Step = 1 | 2 | 3;

export interface Problem {
  message: string;
  details: string[];
}

/**
 * The three steps of the sign-up and of the password reset (docs/spec/SPEC.md §2, §4) on one react-hook-form, so
 * that the e-mail and the code stay while their inputs are gone: each step checks with its own resolver, and
 * `send` runs a step's request, its failure shown in red above the form in place of any success.
 */
export function useStepForm<V extends FieldValues>(resolvers: Record<Step, Resolver<V>>, defaultValues: DefaultValues<V>) {
  const [step, setStep] = useState<Step>(1);
  // The resolver runs outside React's render: it reads the step from a ref, never a stale one.
  const stepRef = useRef<Step>(1);
  const form = useForm<V>({
    ...FORM_OPTIONS,
    resolver: (values, context, options) => resolvers[stepRef.current](values, context, options),
    defaultValues,
  });
  const [problem, setProblem] = useState<Problem | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  const goTo = (next: Step) => {
    stepRef.current = next;
    setStep(next);
  };
  const clearMessages = () => {
    setProblem(null);
    setSuccess(null);
  };
  const send = <R, E, I, C>(mutation: UseMutationResult<R, E, I, C>, input: I, failure: string, onSuccess: (result: R) => void) => {
    setProblem(null);
    mutation.mutate(input, {
      onSuccess,
      onError: (err) => {
        setSuccess(null);
        setProblem(problemFrom(err, failure));
      },
    });
  };

  return { form, step, goTo, problem, success, setSuccess, clearMessages, send };
}
