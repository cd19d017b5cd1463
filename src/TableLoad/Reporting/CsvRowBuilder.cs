using System.Globalization;

namespace TableLoad.Reporting;

/// <summary>
/// Writes one CSV row into a caller's buffer, cell after cell, with the cells of <see cref="Csv"/>
/// but without a string per cell: batches.csv gets a row per batch.
/// </summary>
internal ref struct CsvRowBuilder(Span<char> destination)
{
    private readonly Span<char> _destination = destination;
    private int _length;
    private bool _started;
    private bool _overflowed;

    public void Number(long value)
    {
        if (Separate() && value.TryFormat(_destination[_length..], out var written, default, CultureInfo.InvariantCulture))
        {
            _length += written;
        }
        else
        {
            _overflowed = true;
        }
    }

    /// <summary>
    /// Microseconds written as milliseconds with three decimals, as <see cref="Csv.Millis"/>; in integers,
    /// because a custom floating-point format costs more than the rest of the row.
    /// </summary>
    public void Millis(long micros)
    {
        var magnitude = Math.Abs(micros);
        var sign = micros < 0 ? "-" : "";
        if (Separate() && _destination[_length..].TryWrite(CultureInfo.InvariantCulture, $"{sign}{magnitude / 1000}.{magnitude % 1000:D3}", out var written))
        {
            _length += written;
        }
        else
        {
            _overflowed = true;
        }
    }

    public void Optional(long? value)
    {
        if (value is { } present)
        {
            Number(present);
        }
        else
        {
            Plain([]);
        }
    }

    /// <summary>A fractional figure to two decimals, as <see cref="Csv.Decimal"/>; empty when absent.</summary>
    public void Decimal(double? value)
    {
        if (value is not { } present)
        {
            Plain([]);
        }
        else if (Separate() && present.TryFormat(_destination[_length..], out var written, "0.##", CultureInfo.InvariantCulture))
        {
            _length += written;
        }
        else
        {
            _overflowed = true;
        }
    }

    public void Bool(bool value) => Plain(Csv.Bool(value));

    /// <summary>A text cell, quoted when it needs to be (rare: the only case that allocates).</summary>
    public void Text(string? value) => Plain(Csv.Text(value));

    /// <summary>A cell known to need no quoting.</summary>
    public void Plain(ReadOnlySpan<char> value)
    {
        if (Separate() && value.TryCopyTo(_destination[_length..]))
        {
            _length += value.Length;
        }
        else
        {
            _overflowed = true;
        }
    }

    /// <summary>The row's length, or false when the buffer was too small for it.</summary>
    public readonly bool TryComplete(out int length)
    {
        length = _overflowed ? 0 : _length;
        return !_overflowed;
    }

    private bool Separate()
    {
        if (_overflowed)
        {
            return false;
        }

        if (!_started)
        {
            _started = true;
            return true;
        }

        if (_length >= _destination.Length)
        {
            return false;
        }

        _destination[_length++] = ',';
        return true;
    }
}
