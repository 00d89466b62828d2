import { NICOTINE_WARNING, nicotineFieldIssues, nicotineLabel, nicotineStrengthText } from './index';

describe('nicotine as shoppers read it', () => {
  test.each([
    [20, '2\u00a0% Nikotin (20 mg/ml)', '2\u00a0% (20 mg/ml)'],
    [10, '1\u00a0% Nikotin (10 mg/ml)', '1\u00a0% (10 mg/ml)'],
    [17, '1,7\u00a0% Nikotin (17 mg/ml)', '1,7\u00a0% (17 mg/ml)'],
    [0, '0\u00a0% Nikotin (0 mg/ml)', '0\u00a0% (0 mg/ml)'],
  ])('%d mg/ml → %s', (mg, label, strength) => {
    expect(nicotineLabel(mg)).toBe(label);
    expect(nicotineStrengthText(mg)).toBe(strength);
  });
});

describe('the editor rule: mg/ml, the displayed strength and the warning agree', () => {
  test.each([
    [20, '2%', NICOTINE_WARNING],
    [20, '2 % (20 mg/ml)', NICOTINE_WARNING],
    [10, '1 %', NICOTINE_WARNING],
    [17, '1,7 % (17 mg/ml)', NICOTINE_WARNING],
    [0, '0 mg/ml', ''],
    [0, 'nikotinfrei', ''],
  ])('%d mg/ml, „%s“ agree', (nicotineMgPerMl, nicotineStrength, nicotineWarning) => {
    expect(nicotineFieldIssues({ nicotineMgPerMl, nicotineStrength, nicotineWarning })).toEqual([]);
  });

  test.each([
    [10, '2%', NICOTINE_WARNING, ['nicotineStrength']],
    [20, '2 % (10 mg/ml)', NICOTINE_WARNING, ['nicotineStrength']],
    [20, 'stark', NICOTINE_WARNING, ['nicotineStrength']],
    [0, '2%', NICOTINE_WARNING, ['nicotineStrength', 'nicotineWarning']],
    [0, '0 %', NICOTINE_WARNING, ['nicotineWarning']],
  ])('%d mg/ml, „%s“: %j must be corrected', (nicotineMgPerMl, nicotineStrength, nicotineWarning, fields) => {
    const issues = nicotineFieldIssues({ nicotineMgPerMl, nicotineStrength, nicotineWarning });
    expect(issues.map((issue) => issue.field)).toEqual(fields);
  });

  test('the messages say what would be right', () => {
    expect(nicotineFieldIssues({ nicotineMgPerMl: 10, nicotineStrength: '2%', nicotineWarning: NICOTINE_WARNING })[0]!.message).toBe(
      'Die Nikotinstärke muss zum Nikotingehalt von 10 mg/ml passen, z. B. „1\u00a0% (10 mg/ml)“.',
    );
  });
});
