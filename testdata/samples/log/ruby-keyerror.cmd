ruby t.rb
