using System.Collections.Concurrent;

namespace TableLoad.Proxy;

/// <summary>
/// Cosmos DB's provisioned throughput: each account may spend its request units per second within each wall-clock
/// second (Unix seconds, as intervals.csv's <c>epoch_s</c>), and what a second leaves unspent is lost at its end.
/// A write whose charge does not fit what is left of the second is refused with the time until the second that
/// holds it; one that costs more than a whole second's budget is admitted into a second that has spent nothing, and
/// its excess is spent from the seconds after it.
/// </summary>
internal sealed class RequestUnitBudget(double requestUnitsPerSecond, TimeProvider time)
{
    private readonly ConcurrentDictionary<string, AccountSeconds> _accounts = new(StringComparer.Ordinal);
    /// <param name="now">The moment of the admission, read once by the caller: the service's view records the charge in this moment's second, which must be the one it is spent from.</param>
    /// <param name="admittedThisSecond">When admitted, what the account's second has admitted so far, this charge included.</param>
    public Admission TrySpend(ReadOnlySpan<char> account, double charge, DateTimeOffset now, out double admittedThisSecond)
    {
        (var wait, admittedThisSecond) = Seconds(account).TrySpend(charge, now);
        return wait > TimeSpan.Zero ? new Admission(ThrottledBy.RequestUnits, wait) : Admission.Admitted;
    }

    /// <summary>
    /// Spends what a read turned out to cost beyond what was spent to admit it, whatever its second has left: what
    /// exceeds the second is spent from the seconds after it. Returns what the second has admitted so far.
    /// </summary>
    public double Spend(ReadOnlySpan<char> account, double charge) => Seconds(account).Spend(charge, time.GetUtcNow());

    private AccountSeconds Seconds(ReadOnlySpan<char> account)
    {
        var lookup = _accounts.GetAlternateLookup<ReadOnlySpan<char>>();
        return lookup.TryGetValue(account, out var seconds) ? seconds : _accounts.GetOrAdd(account.ToString(), _ => new AccountSeconds(requestUnitsPerSecond));
    }

    /// <summary>One account's current second: what it has spent, a large write's excess carried in.</summary>
    private sealed class AccountSeconds(double perSecond)
    {
        private readonly Lock _lock = new();
        private long _second;
        private double _spent;
        private double _admitted;

        /// <summary>Zero wait and what this second admitted so far when admitted; otherwise the wait until the second that holds the charge.</summary>
        public (TimeSpan Wait, double AdmittedThisSecond) TrySpend(double charge, DateTimeOffset now)
        {
            var second = now.ToUnixTimeSeconds();
            lock (_lock)
            {
                MoveTo(second);
                if (_spent + charge <= perSecond || _spent == 0)
                {
                    _spent += charge;
                    _admitted += charge;
                    return (TimeSpan.Zero, _admitted);
                }

                // The first second from now whose carried excess leaves room for the charge (or nothing, for a charge above the budget).
                var room = charge > perSecond ? _spent : _spent + charge - perSecond;
                var seconds = Math.Max(1, (long)Math.Ceiling(room / perSecond));
                return (DateTimeOffset.FromUnixTimeSeconds(second + seconds) - now, 0);
            }
        }

        public double Spend(double charge, DateTimeOffset now)
        {
            lock (_lock)
            {
                MoveTo(now.ToUnixTimeSeconds());
                _spent += charge;
                _admitted += charge;
                return _admitted;
            }
        }

        private void MoveTo(long second)
        {
            if (second != _second)
            {
                // Only a write larger than the budget (or a read dearer than its admission) leaves an excess; every other second starts empty.
                _spent = Math.Max(0, _spent - (perSecond * (second - _second)));
                _admitted = 0;
                _second = second;
            }
        }
    }
}
